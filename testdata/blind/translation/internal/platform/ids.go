package platform

import (
	"github.com/google/uuid"
	"github.com/segmentio/ksuid"
)

// NewID returns a sortable identifier for rows whose primary key is text.
func NewID() string {
	return ksuid.New().String()
}

// NewUUID returns a random UUID for rows keyed by uuid columns.
func NewUUID() uuid.UUID {
	return uuid.New()
}

// NewOperationID returns an identifier for an outbound operation.
func NewOperationID() string {
	return "op_" + ksuid.New().String()
}

var opNamespace = uuid.MustParse("6f1c2a8e-4b7d-4c59-9a43-1f0d5e2b7c11")

// StableOperationID derives a deterministic operation identifier from parts,
// so the same logical operation always maps to the same value.
func StableOperationID(parts ...string) string {
	name := ""
	for i, p := range parts {
		if i > 0 {
			name += "/"
		}
		name += p
	}
	return "op_" + uuid.NewSHA1(opNamespace, []byte(name)).String()
}
