// Package idgen produces short, sortable, prefixed identifiers for records
// that technicians and support staff read out loud ("bsw_01HF...").
package idgen

import (
	"crypto/rand"
	"encoding/base32"
	"encoding/binary"
	"strings"
	"time"
)

var enc = base32.NewEncoding("0123456789ABCDEFGHJKMNPQRSTVWXYZ").WithPadding(base32.NoPadding)

// New returns prefix_<time><random>. IDs created later sort after earlier
// ones, which keeps the technician app's history list in order without an
// extra timestamp index.
func New(prefix string) string {
	var b [10]byte
	var ts [8]byte
	binary.BigEndian.PutUint64(ts[:], uint64(time.Now().UnixMilli()))
	copy(b[:6], ts[2:])
	_, _ = rand.Read(b[6:])
	return prefix + "_" + strings.ToLower(enc.EncodeToString(b[:]))
}
