package api

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"

	"github.com/cobaltmesa/titleworks/internal/domain"
	"github.com/cobaltmesa/titleworks/internal/platform/httpx"
	"github.com/cobaltmesa/titleworks/internal/service/banking"
	"github.com/cobaltmesa/titleworks/internal/service/titlesearch"
)

// BankEventHandler applies bank notifications.
type BankEventHandler interface {
	Handle(ctx context.Context, ev banking.Event) error
}

// verified reads the body and checks its HMAC-SHA256 signature.
func verified(r *http.Request, header, secret string) ([]byte, error) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		return nil, err
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	want := mac.Sum(nil)
	got, err := hex.DecodeString(r.Header.Get(header))
	if err != nil || !hmac.Equal(got, want) {
		return nil, fmt.Errorf("%w: bad signature", domain.ErrInvalid)
	}
	return body, nil
}

func bankWebhook(h BankEventHandler, secret string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		body, err := verified(r, "X-Bank-Signature", secret)
		if err != nil {
			httpx.Error(w, r, err)
			return
		}
		var ev banking.Event
		if err := json.NewDecoder(bytes.NewReader(body)).Decode(&ev); err != nil || ev.ID == "" {
			httpx.Error(w, r, fmt.Errorf("%w: malformed event", domain.ErrInvalid))
			return
		}
		if err := h.Handle(r.Context(), ev); err != nil {
			httpx.Error(w, r, err)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}
}

func plantWebhook(svc SearchService, secret string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		body, err := verified(r, "X-Plant-Signature", secret)
		if err != nil {
			httpx.Error(w, r, err)
			return
		}
		var c titlesearch.Completed
		if err := json.Unmarshal(body, &c); err != nil || c.SearchID == "" {
			httpx.Error(w, r, fmt.Errorf("%w: malformed callback", domain.ErrInvalid))
			return
		}
		if err := svc.IngestCompleted(r.Context(), c); err != nil {
			httpx.Error(w, r, err)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}
}
