package domain

import (
	"database/sql/driver"
	"encoding/json"
	"fmt"
)

// JSON is a raw JSON document stored in a jsonb column.
type JSON json.RawMessage

// MarshalToJSON encodes v as a JSON column value.
func MarshalToJSON(v any) (JSON, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return JSON(b), nil
}

// Value implements driver.Valuer.
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
		return fmt.Errorf("domain.JSON: cannot scan %T", src)
	}
	return nil
}

// MarshalJSON implements json.Marshaler.
func (j JSON) MarshalJSON() ([]byte, error) {
	if len(j) == 0 {
		return []byte("null"), nil
	}
	return j, nil
}

// UnmarshalJSON implements json.Unmarshaler.
func (j *JSON) UnmarshalJSON(b []byte) error {
	*j = append((*j)[:0], b...)
	return nil
}

// GormDataType tells gorm the column type.
func (JSON) GormDataType() string { return "jsonb" }
