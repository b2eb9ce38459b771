// Package idgen produces the prefixed, time-sortable identifiers used as
// primary keys throughout the registry ("reg_01J…", "itm_01J…").
package idgen

import (
	"crypto/rand"
	"strings"
	"sync"
	"time"

	"github.com/oklog/ulid/v2"
)

// Generator returns a new identifier on every call.
type Generator func() string

var (
	entropyMu sync.Mutex
	entropy   = ulid.Monotonic(rand.Reader, 0)
)

// ULID returns a new lower-case ULID string.
func ULID() string {
	entropyMu.Lock()
	defer entropyMu.Unlock()
	return strings.ToLower(ulid.MustNew(ulid.Timestamp(time.Now()), entropy).String())
}

// Prefixed returns a Generator producing "<prefix>_<ulid>" identifiers.
func Prefixed(prefix string) Generator {
	return func() string {
		return prefix + "_" + ULID()
	}
}

// Common prefixes. Keep them short: they end up in URLs and emails.
const (
	PrefixRegistry     = "reg"
	PrefixItem         = "itm"
	PrefixCashFund     = "fnd"
	PrefixGroupGift    = "grp"
	PrefixPurchase     = "pur"
	PrefixContribution = "ctb"
	PrefixCancellation = "cnl"
	PrefixOrder        = "ord"
	PrefixAttempt      = "att"
	PrefixShipment     = "shp"
	PrefixPayout       = "pay"
	PrefixNote         = "tyn"
	PrefixInvitation   = "inv"
	PrefixClaim        = "clm"
	PrefixEmailEvent   = "eev"
)
