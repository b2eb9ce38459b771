package domain

import (
	"database/sql/driver"

	"github.com/lib/pq"
)

// StringArray is a Postgres TEXT[] column.
type StringArray []string

// Scan implements sql.Scanner.
func (a *StringArray) Scan(src any) error {
	var arr pq.StringArray
	if err := arr.Scan(src); err != nil {
		return err
	}
	*a = StringArray(arr)
	return nil
}

// Value implements driver.Valuer.
func (a StringArray) Value() (driver.Value, error) {
	return pq.StringArray(a).Value()
}
