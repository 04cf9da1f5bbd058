/** The cashier a shift was opened for, as its documents carry it. */
export interface ShiftCashier {
  id: string | null;
  name: string | null;
}

/**
 * What a fiscal operation needs of the shifts: the shift a document joins, the open one or one
 * opened for it. shifts/shift-store.ts implements it; the shift endpoints use the whole store.
 */
export interface DocumentShifts {
  forDocument(
    at: string,
    drawerBalance: () => number,
  ): { id: string; number: number; cashier: ShiftCashier | null };
}
