// Package barcode derives the scannable code printed on a ticket. Codes are an
// HMAC over the ticket id and its ownership version, so re-issuing after a
// transfer invalidates the previous holder's code without storing secrets.
package barcode

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base32"
	"strconv"
	"strings"
)

// Deriver computes barcodes with a fixed secret.
type Deriver struct {
	secret []byte
}

func NewDeriver(secret string) *Deriver { return &Deriver{secret: []byte(secret)} }

// Derive returns the barcode for ticketID at the given ownership version.
func (d *Deriver) Derive(ticketID string, version int32) string {
	m := hmac.New(sha256.New, d.secret)
	m.Write([]byte(ticketID))
	m.Write([]byte{':'})
	m.Write([]byte(strconv.Itoa(int(version))))
	sum := m.Sum(nil)
	enc := base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(sum[:15])
	return "SP" + strings.ToUpper(enc)
}
