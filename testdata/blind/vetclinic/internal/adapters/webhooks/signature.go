// Package webhooks receives callbacks from Stripe, the reference lab, the
// pharmacy network and the SMS provider. Every sender retries on any
// non-2xx answer, and on timeouts.
package webhooks

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"strings"

	"github.com/pawpath/vetclinic/internal/errs"
)

const maxPayload = 2 << 20

// HMACVerifier checks a hex HMAC-SHA256 of the raw body carried in a header,
// optionally prefixed with "sha256=".
type HMACVerifier struct {
	Header string
	Secret []byte
}

func (v HMACVerifier) Verify(r *http.Request, body []byte) error {
	got := strings.TrimPrefix(r.Header.Get(v.Header), "sha256=")
	sig, err := hex.DecodeString(got)
	if err != nil || len(sig) == 0 {
		return errs.E(errs.Op("webhooks.Verify"), errs.Unauthorized, "missing or malformed signature")
	}
	mac := hmac.New(sha256.New, v.Secret)
	mac.Write(body)
	if !hmac.Equal(sig, mac.Sum(nil)) {
		return errs.E(errs.Op("webhooks.Verify"), errs.Unauthorized, "signature mismatch")
	}
	return nil
}

func readBody(r *http.Request) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(r.Body, maxPayload))
	if err != nil {
		return nil, errs.E(errs.Op("webhooks.readBody"), errs.Invalid, err)
	}
	return b, nil
}

// ack answers the sender. Anything other than a 2xx makes it redeliver,
// so only malformed or unauthenticated requests get a 4xx.
func ack(w http.ResponseWriter, r *http.Request, log *slog.Logger, source string, err error) {
	if err == nil {
		w.WriteHeader(http.StatusOK)
		return
	}
	switch errs.KindOf(err) {
	case errs.Unauthorized:
		w.WriteHeader(http.StatusUnauthorized)
	case errs.Invalid:
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		_ = json.NewEncoder(w).Encode(map[string]string{"error": err.Error()})
	default:
		log.ErrorContext(r.Context(), "webhook failed", "source", source, "err", err)
		w.WriteHeader(http.StatusInternalServerError)
	}
}
