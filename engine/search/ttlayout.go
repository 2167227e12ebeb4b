//book:stage 10

package search

import "reflect"

// An EntryField is one field of a transposition table entry as it lies in
// memory, or the padding after the last.
type EntryField struct {
	Name          string // the field's name, or "padding"
	Type          string // its Go type; "" for padding
	Offset, Bytes int
}

// TTEntryLayout returns the fields of a table entry in memory order with
// the offsets and sizes the compiler gave them, and the padding that
// rounds the entry up to its size: for the console's ttentry command,
// which draws it.
func TTEntryLayout() []EntryField {
	t := reflect.TypeFor[ttEntry]()
	var fields []EntryField
	end := 0
	for i := range t.NumField() {
		f := t.Field(i)
		if int(f.Offset) > end {
			fields = append(fields, EntryField{Name: "padding", Offset: end, Bytes: int(f.Offset) - end})
		}
		fields = append(fields, EntryField{Name: f.Name, Type: f.Type.String(), Offset: int(f.Offset), Bytes: int(f.Type.Size())})
		end = int(f.Offset + f.Type.Size())
	}
	if int(t.Size()) > end {
		fields = append(fields, EntryField{Name: "padding", Offset: end, Bytes: int(t.Size()) - end})
	}
	return fields
}
