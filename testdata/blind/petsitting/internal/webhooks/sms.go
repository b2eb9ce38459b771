package webhooks

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/pawtrail-labs/pawtrail/internal/httpx"
	"github.com/pawtrail-labs/pawtrail/internal/sms"
	"github.com/pawtrail-labs/pawtrail/internal/store"
)

type SMSStore interface {
	AddReceipt(ctx context.Context, rc store.SMSReceipt) error
	SetAttemptStatus(ctx context.Context, providerMessageID, status string) error
	OptOut(ctx context.Context, phone, keyword string) error
	OptIn(ctx context.Context, phone string) error
}

// SMSHandler receives Relaytext callbacks. Relaytext retries a callback
// with exponential backoff for 24 hours until it gets a 2xx.
type SMSHandler struct {
	store  SMSStore
	secret string
}

func NewSMSHandler(st SMSStore, secret string) *SMSHandler {
	return &SMSHandler{store: st, secret: secret}
}

func (h *SMSHandler) readForm(r *http.Request) error {
	raw, err := io.ReadAll(io.LimitReader(r.Body, 64<<10))
	if err != nil {
		return httpx.BadRequest("unreadable body")
	}
	if err := sms.Verify(r, raw, h.secret); err != nil {
		return httpx.Unauthorized("bad signature")
	}
	form, err := url.ParseQuery(string(raw))
	if err != nil {
		return httpx.BadRequest("malformed form body")
	}
	r.Body = io.NopCloser(bytes.NewReader(raw))
	r.PostForm = form
	return nil
}

// Status handles POST /webhooks/sms/status.
func (h *SMSHandler) Status(w http.ResponseWriter, r *http.Request) error {
	if err := h.readForm(r); err != nil {
		return err
	}
	cb, err := sms.ParseStatusCallback(r)
	if err != nil {
		return httpx.BadRequest(err.Error())
	}
	var code *string
	if cb.ErrorCode != "" {
		code = &cb.ErrorCode
	}
	if err := h.store.AddReceipt(r.Context(), store.SMSReceipt{
		ProviderMessageID: cb.MessageID,
		Status:            cb.Status,
		ErrorCode:         code,
		ReportedAt:        cb.ReportedAt,
	}); err != nil {
		return err
	}
	if err := h.store.SetAttemptStatus(r.Context(), cb.MessageID, cb.Status); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

var stopWords = map[string]bool{"STOP": true, "STOPALL": true, "UNSUBSCRIBE": true, "CANCEL": true, "END": true, "QUIT": true}

// Inbound handles POST /webhooks/sms/inbound. We only act on carrier
// keywords; everything else is dropped.
func (h *SMSHandler) Inbound(w http.ResponseWriter, r *http.Request) error {
	if err := h.readForm(r); err != nil {
		return err
	}
	msg, err := sms.ParseInbound(r)
	if err != nil {
		return httpx.BadRequest(err.Error())
	}
	word := strings.ToUpper(strings.Fields(msg.Body + " x")[0])
	switch {
	case stopWords[word]:
		err = h.store.OptOut(r.Context(), msg.From, word)
	case word == "START" || word == "UNSTOP":
		err = h.store.OptIn(r.Context(), msg.From)
	}
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
