/**
 * An editor's form typed from the shared schema: the schema's input (what a field holds until the
 * schema checks it before a save), with every part the schema defaults always present — a blank form
 * and a record read back both carry them — while `id` and `version` stay optional (a new record or
 * row has neither).
 */
export type FormOf<Input> = Required<Omit<Input, 'id' | 'version'>> & Pick<Input, Extract<keyof Input, 'id' | 'version'>>;
