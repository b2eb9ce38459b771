// Package ids generates identifiers used across the service.
package ids

import (
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/google/uuid"
)

// New returns a random UUID.
func New() uuid.UUID { return uuid.New() }

// NewString returns a random UUID in canonical string form.
func NewString() string { return uuid.NewString() }

// ShipmentNumber returns a human-readable shipment number in the format the
// cold-chain carriers print on their labels: SHP-<yyyymmdd>-<6 digits>.
func ShipmentNumber() string {
	now := time.Now().UTC()
	return fmt.Sprintf("SHP-%s-%06d", now.Format("20060102"), rand.IntN(1_000_000))
}

// UnitNumber derives a component unit number from the donation number and
// the ISBT 128 product code suffix.
func UnitNumber(donationNumber, productCode string) string {
	return donationNumber + "-" + productCode
}
