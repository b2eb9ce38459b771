// Package webhook delivers signed payloads to customers' webhook endpoints.
//
// Every POST carries:
//
//	Quillsign-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">
//	Quillsign-Delivery:  <delivery id>
//	Quillsign-Event:     <event name>
//
// The delivery id is the same on every attempt of a delivery; the customer
// documentation tells integrators to ignore a delivery id they have already
// processed.
package webhook

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/quillsign/esign/internal/app"
	"github.com/quillsign/esign/internal/platform/httpx"
)

// Poster implements app.WebhookPoster.
type Poster struct {
	http      httpx.Doer
	userAgent string
	now       func() time.Time
}

var _ app.WebhookPoster = (*Poster)(nil)

// New returns a Poster.
func New(doer httpx.Doer, userAgent string) *Poster {
	if doer == nil {
		doer = httpx.NewClient(20 * time.Second)
	}
	return &Poster{http: doer, userAgent: userAgent, now: time.Now}
}

// Sign returns the Quillsign-Signature header value for body.
func Sign(secret string, ts int64, body []byte) string {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(strconv.FormatInt(ts, 10)))
	mac.Write([]byte("."))
	mac.Write(body)
	return fmt.Sprintf("t=%d,v1=%s", ts, hex.EncodeToString(mac.Sum(nil)))
}

// Post sends one attempt. Any non-2xx status is returned as an error along
// with the status code.
func (p *Poster) Post(ctx context.Context, r app.WebhookRequest) (int, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, r.URL, bytes.NewReader(r.Body))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", p.userAgent)
	req.Header.Set("Quillsign-Signature", Sign(r.Secret, p.now().Unix(), r.Body))
	req.Header.Set("Quillsign-Delivery", r.DeliveryID)
	req.Header.Set("Quillsign-Event", r.Event)

	resp, err := p.http.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	snippet, _ := io.ReadAll(io.LimitReader(resp.Body, 2048))
	if resp.StatusCode/100 != 2 {
		return resp.StatusCode, &httpx.StatusError{StatusCode: resp.StatusCode, Body: string(snippet)}
	}
	return resp.StatusCode, nil
}
