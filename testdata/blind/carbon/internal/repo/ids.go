package repo

import (
	"github.com/google/uuid"

	"github.com/terravault/carbonreg/internal/ids"
)

func deriveAccountID(ownerType string, ownerID uuid.UUID, purpose string) uuid.UUID {
	return ids.Derive("account", ownerType, ownerID.String(), purpose)
}
