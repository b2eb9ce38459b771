// Package refs builds the identifiers and human-readable numbers that the
// registry hands out: landing and invoice IDs derived from their natural
// keys, invoice and certificate numbers, and request keys for providers.
package refs

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
)

// namespace for name-based (v5) UUIDs issued by the registry.
var namespace = uuid.MustParse("6f1c8a52-3d0e-4b8f-9a55-2f4f3c7d91e4")

// Derived returns a stable UUID for the given natural-key parts.
func Derived(kind string, parts ...string) uuid.UUID {
	return uuid.NewSHA1(namespace, []byte(kind+"|"+strings.Join(parts, "|")))
}

// LandingID is the registry ID of a landing declaration. Port systems and
// terminals both quote the port code and their declaration number, so the
// same declaration gets the same ID whichever channel it arrives on.
func LandingID(portCode, declarationNo string) uuid.UUID {
	return Derived("landing", strings.ToUpper(portCode), strings.TrimSpace(declarationNo))
}

// LandingLineID numbers the lines of a landing.
func LandingLineID(landingID uuid.UUID, idx int) uuid.UUID {
	return Derived("landing-line", landingID.String(), fmt.Sprint(idx))
}

// CatchLotID is the lot created from a landing line.
func CatchLotID(lineID uuid.UUID) uuid.UUID {
	return Derived("catch-lot", lineID.String())
}

// LandingFeeInvoiceID is the one landing-fee invoice raised per landing.
func LandingFeeInvoiceID(landingID uuid.UUID) uuid.UUID {
	return Derived("invoice", "landing_fee", landingID.String())
}

// LandingFeeNumber formats the number printed on a landing-fee invoice.
func LandingFeeNumber(portCode, declarationNo string) string {
	return fmt.Sprintf("LND-%s-%s", strings.ToUpper(portCode), strings.TrimSpace(declarationNo))
}

// NewInvoiceNumber issues a number for invoices raised by the fee runs,
// e.g. LIC-20261101-9F2C41A7.
func NewInvoiceNumber(prefix string) string {
	return fmt.Sprintf("%s-%s-%s", prefix, time.Now().UTC().Format("20060102"),
		strings.ToUpper(uuid.NewString()[:8]))
}

// CertificateNumber is printed on the catch certificate and quoted to
// customs. It is derived from the exporter's own reference.
func CertificateNumber(exporterID uuid.UUID, clientRef string, year int) string {
	sum := sha256.Sum256([]byte(exporterID.String() + "/" + clientRef))
	return fmt.Sprintf("EC-%d-%s", year, strings.ToUpper(hex.EncodeToString(sum[:5])))
}

// NewRequestKey returns a key for a single outbound provider request,
// scoped by purpose so that it is recognisable in the provider's dashboard.
func NewRequestKey(purpose string) string {
	return fmt.Sprintf("%s-%d-%s", purpose, time.Now().UnixNano(), uuid.NewString()[:8])
}
