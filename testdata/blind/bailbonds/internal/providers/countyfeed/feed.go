// Package countyfeed decodes pushes from the county courts' e-filing feed.
// The feed posts one notice per request and repeats it, with the same
// notice number, until it receives a 2xx.
package countyfeed

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
)

// KindForfeiture is the doc_type of a bond forfeiture; the feed also
// carries exonerations and hearing notices.
const KindForfeiture = "BOND_FORFEITURE"

// Notice is one pushed document.
type Notice struct {
	Kind         string `json:"doc_type"`
	County       string `json:"county_fips"`
	NoticeNumber string `json:"notice_no"`
	CaseNumber   string `json:"case_no"`
	AmountCents  int64  `json:"amount_cents"`
	EffectiveOn  string `json:"effective_date"`
}

// EffectiveDate parses EffectiveOn.
func (n Notice) EffectiveDate() (time.Time, error) {
	return time.Parse("2006-01-02", n.EffectiveOn)
}

// ErrSignature is returned when the push is not signed by the county.
var ErrSignature = errors.New("countyfeed: signature mismatch")

// Decode verifies the "sha256=<base64>" signature and decodes the notice.
func Decode(body []byte, signature, secret string) (Notice, error) {
	sig, ok := strings.CutPrefix(signature, "sha256=")
	if !ok {
		return Notice{}, ErrSignature
	}
	got, err := base64.StdEncoding.DecodeString(sig)
	if err != nil {
		return Notice{}, ErrSignature
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	if !hmac.Equal(got, mac.Sum(nil)) {
		return Notice{}, ErrSignature
	}
	var n Notice
	if err := json.Unmarshal(body, &n); err != nil {
		return Notice{}, fmt.Errorf("countyfeed: decode: %w", err)
	}
	n.County = strings.TrimSpace(n.County)
	n.NoticeNumber = strings.TrimSpace(n.NoticeNumber)
	if n.County == "" || n.NoticeNumber == "" {
		return Notice{}, fmt.Errorf("countyfeed: notice without county or number")
	}
	return n, nil
}
