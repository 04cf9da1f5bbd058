/** A document for the thermal printer: lines of 1-3 columns, as in the spec's print request. */
export interface PrintDocument {
  /** `receipt-copy`: a duplicate of a receipt, which is not a fiscal document. */
  kind: 'receipt' | 'receipt-copy' | 'service-receipt' | 'report' | 'text';
  lines: string[][];
  /** Data of a QR symbol printed after the lines (the receipt check URL), if any. */
  qrCode?: string;
  feedLines: number;
  cut: boolean;
}

/** The receipt printer. Printing failures carry the printer's own message. */
export interface ReceiptPrinter {
  readonly available: boolean;
  print(document: PrintDocument): Promise<void>;
}
