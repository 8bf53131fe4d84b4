/** Something of the Docusaurus project that the migrated site does not have, and why. */
export interface NotCarried {
  item: string;
  reason: string;
}

/** What a migration carried over and what it could not, collected for the report. */
export class MigrationNotes {
  readonly carried: string[] = [];
  readonly notCarriedItems: NotCarried[] = [];

  carriedOver(text: string): void {
    this.carried.push(text);
  }

  notCarried(item: string, reason: string): void {
    this.notCarriedItems.push({ item, reason });
  }
}
