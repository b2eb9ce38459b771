// Package refcode produces short, human-friendly reference codes that show up
// on bank statements, payslips and support tickets.
package refcode

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base32"
	"strings"
	"time"
)

// Crockford-ish alphabet: no I, L, O, U to avoid confusion when read aloud.
var enc = base32.NewEncoding("0123456789ABCDEFGHJKMNPQRSTVWXYZ").WithPadding(base32.NoPadding)

// New returns a random reference such as "PR-2406-7KQ2M9XD".
func New(prefix string) string {
	var b [5]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic("refcode: crypto/rand failed: " + err.Error())
	}
	return prefix + "-" + time.Now().UTC().Format("0601") + "-" + enc.EncodeToString(b[:])
}

// Derive returns a stable reference computed from the given parts. The same
// parts always produce the same code.
func Derive(prefix string, parts ...string) string {
	h := sha256.Sum256([]byte(strings.Join(parts, "\x1f")))
	return prefix + "-" + enc.EncodeToString(h[:6])
}

// BankMemo trims a reference to the 18 characters most bank rails carry.
func BankMemo(ref string) string {
	ref = strings.ToUpper(strings.ReplaceAll(ref, " ", ""))
	if len(ref) > 18 {
		return ref[:18]
	}
	return ref
}
