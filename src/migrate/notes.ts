/** Something of the Docusaurus project that the migrated site does not have, and why. */
export interface NotCarried {
  item: string;
  reason: string;
}

/** What a migration carried over and what it could not, collected for the report. */
export class MigrationNotes {
  readonly carried: string[] = [];
  readonly notCarriedItems: NotCarried[] = [];
  /** Set when an option moved some routes away from where Docusaurus puts them (the item says which). */
  routesChanged = false;

  carriedOver(text: string): void {
    this.carried.push(text);
  }

  notCarried(item: string, reason: string): void {
    this.notCarriedItems.push({ item, reason });
  }
}
