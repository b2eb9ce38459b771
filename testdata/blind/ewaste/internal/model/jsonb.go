package model

import (
	"database/sql/driver"
	"encoding/json"
	"fmt"
)

// JSON is a raw JSON document stored in a jsonb column.
type JSON json.RawMessage

// MustJSON marshals v, panicking on programmer error (unsupported types).
func MustJSON(v any) JSON {
	b, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("model: marshal %T: %v", v, err))
	}
	return JSON(b)
}

// Value implements driver.Valuer; jsonb is sent as text.
func (j JSON) Value() (driver.Value, error) {
	if len(j) == 0 {
		return nil, nil
	}
	return string(j), nil
}

// Scan implements sql.Scanner.
func (j *JSON) Scan(src any) error {
	switch v := src.(type) {
	case nil:
		*j = nil
	case []byte:
		*j = append((*j)[:0], v...)
	case string:
		*j = JSON(v)
	default:
		return fmt.Errorf("model: cannot scan %T into JSON", src)
	}
	return nil
}

// MarshalJSON keeps the document verbatim when a row is rendered.
func (j JSON) MarshalJSON() ([]byte, error) {
	if len(j) == 0 {
		return []byte("null"), nil
	}
	return j, nil
}

// UnmarshalJSON stores the raw document.
func (j *JSON) UnmarshalJSON(b []byte) error {
	*j = append((*j)[:0], b...)
	return nil
}

// GormDataType tells gorm's migrator which column type to use.
func (JSON) GormDataType() string { return "jsonb" }
