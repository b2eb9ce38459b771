package httpapi

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/haulgrid/loadboard/internal/providers/eld"
	"github.com/haulgrid/loadboard/internal/providers/inkpass"
	"github.com/haulgrid/loadboard/internal/providers/paystream"
	"github.com/haulgrid/loadboard/internal/service"
)

// InkPassWebhook receives envelope events from the e-signature partner.
func (h *Handlers) InkPassWebhook(r *http.Request) (any, error) {
	body, err := readBody(r)
	if err != nil {
		return nil, err
	}
	if err := h.InkPass.VerifySignature(r.Header.Get("X-InkPass-Signature"), body); err != nil {
		return nil, errors.Join(errUnauthenticated, err)
	}
	var evt inkpass.WebhookEvent
	if err := decodeBytes(body, &evt); err != nil {
		return nil, err
	}
	if evt.EventID == "" {
		return nil, errors.Join(errBadRequest, errors.New("missing event_id"))
	}
	if err := h.RateCons.HandleWebhook(r.Context(), evt); err != nil {
		return nil, err
	}
	return noContent(), nil
}

// PaystreamWebhook receives transfer events from the payments provider.
func (h *Handlers) PaystreamWebhook(r *http.Request) (any, error) {
	body, err := readBody(r)
	if err != nil {
		return nil, err
	}
	if err := h.Paystream.VerifySignature(r.Header.Get("Paystream-Signature"), body, time.Now()); err != nil {
		return nil, errors.Join(errUnauthenticated, err)
	}
	var evt paystream.Event
	if err := decodeBytes(body, &evt); err != nil {
		return nil, err
	}
	if err := h.QuickPay.HandleWebhook(r.Context(), evt); err != nil {
		return nil, err
	}
	return noContent(), nil
}

// ELDWebhook receives batches of position pings from an ELD vendor.
func (h *Handlers) ELDWebhook(r *http.Request) (any, error) {
	vendor := chi.URLParam(r, "vendor")
	secret, ok := h.ELD.Secret(vendor)
	if !ok {
		return nil, errors.Join(errBadRequest, errors.New("unknown vendor"))
	}
	body, err := readBody(r)
	if err != nil {
		return nil, err
	}
	if !validHexHMAC(secret, body, r.Header.Get("X-ELD-Signature")) {
		return nil, errUnauthenticated
	}
	var batch eld.PingBatch
	if err := decodeBytes(body, &batch); err != nil {
		return nil, err
	}
	in := make([]service.PingInput, 0, len(batch.Pings))
	for _, p := range batch.Pings {
		in = append(in, service.PingInput{
			DeviceID:   p.DeviceID,
			Lat:        p.Lat,
			Lng:        p.Lng,
			SpeedMph:   p.SpeedMph,
			Heading:    p.Heading,
			RecordedAt: p.RecordedAt,
		})
	}
	stored, err := h.Tracking.IngestPings(r.Context(), vendor, in)
	if err != nil {
		return nil, err
	}
	return map[string]any{"received": len(in), "stored": stored}, nil
}

func validHexHMAC(secret string, body []byte, got string) bool {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(want), []byte(got))
}
