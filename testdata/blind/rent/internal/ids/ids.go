// Package ids centralises identifier generation so that prefixes and
// encodings stay consistent across the service.
package ids

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"github.com/oklog/ulid/v2"
	"github.com/rs/xid"
)

func prefixed(p string) string { return p + "_" + strings.ToLower(ulid.Make().String()) }

// Payment returns a new payment identifier.
func Payment() string { return prefixed("pay") }

// Charge returns a new charge identifier.
func Charge() string { return prefixed("chg") }

// Refund returns a new refund identifier.
func Refund() string { return prefixed("rfd") }

// Disbursement returns a new disbursement identifier.
func Disbursement() string { return prefixed("dsb") }

// DisbursementAttempt returns a new disbursement attempt identifier.
func DisbursementAttempt() string { return prefixed("dat") }

// Tenant returns a new tenant identifier.
func Tenant() string { return prefixed("ten") }

// Deposit returns a new deposit receipt identifier.
func Deposit() string { return prefixed("dep") }

// Ledger returns a new ledger entry identifier.
func Ledger() string { return prefixed("led") }

// Plan returns a new payment plan identifier.
func Plan() string { return prefixed("pln") }

// FundingSource returns a new funding source identifier.
func FundingSource() string { return prefixed("fs") }

// Attempt returns an identifier for an append-only attempt log row.
func Attempt() string { return prefixed("att") }

// Request returns a short, roughly time-ordered request identifier used for
// log correlation.
func Request() string { return xid.New().String() }

// Token returns a compact random token.
func Token() string { return xid.New().String() }

// Derive returns a stable identifier for the given parts. The same parts
// always produce the same value.
func Derive(parts ...string) string {
	h := sha256.Sum256([]byte(strings.Join(parts, "\x1f")))
	return hex.EncodeToString(h[:16])
}
