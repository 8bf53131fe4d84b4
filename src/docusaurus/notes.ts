/** Something of the Docusaurus project that the migrated site does not have, and why. */
export interface NotCarried {
  item: string;
  reason: string;
}

/** What a migration carried over and what it could not, collected for the report. */
export class MigrationNotes {
  readonly carried: string[] = [];
  readonly notCarriedItems: NotCarried[] = [];
  /** What the migration refused to read or copy (a path or link leading out of the project), and why. */
  readonly warnings: NotCarried[] = [];
  /** Set when an option moved some routes away from where Docusaurus puts them (the item says which). */
  routesChanged = false;

  carriedOver(text: string): void {
    this.carried.push(text);
  }

  notCarried(item: string, reason: string): void {
    this.notCarriedItems.push({ item, reason });
  }

  warn(item: string, reason: string): void {
    this.warnings.push({ item, reason });
  }
}
