package webhooks

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"time"

	"github.com/pawpath/vetclinic/internal/core/services"
	"github.com/pawpath/vetclinic/internal/errs"
)

// ResultSink stores lab results.
type ResultSink interface {
	IngestResult(ctx context.Context, p services.ResultPayload) error
}

// RefLabReceiver handles POST /webhooks/reflab/results. The lab signs the
// body with X-RefLab-Signature and redelivers until it gets a 2xx.
type RefLabReceiver struct {
	verify HMACVerifier
	sink   ResultSink
	log    *slog.Logger
}

func NewRefLabReceiver(secret string, sink ResultSink, log *slog.Logger) *RefLabReceiver {
	return &RefLabReceiver{
		verify: HMACVerifier{Header: "X-RefLab-Signature", Secret: []byte(secret)},
		sink:   sink,
		log:    log,
	}
}

func (h *RefLabReceiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := readBody(r)
	if err == nil {
		err = h.verify.Verify(r, body)
	}
	if err != nil {
		ack(w, r, h.log, "reflab", err)
		return
	}
	var p services.ResultPayload
	if err := json.Unmarshal(body, &p); err != nil {
		ack(w, r, h.log, "reflab", errs.E(errs.Op("webhooks.reflab"), errs.Invalid, err))
		return
	}
	p.Raw = body
	ack(w, r, h.log, "reflab", h.sink.IngestResult(r.Context(), p))
}

// PharmacyEvents applies partner callbacks.
type PharmacyEvents interface {
	ApplyPharmacyEvent(ctx context.Context, ev services.PharmacyEvent) error
}

// PharmacyReceiver handles POST /webhooks/pharmacy. PetRxNet retries
// failed deliveries with backoff for three days.
type PharmacyReceiver struct {
	verify HMACVerifier
	events PharmacyEvents
	log    *slog.Logger
}

func NewPharmacyReceiver(secret string, events PharmacyEvents, log *slog.Logger) *PharmacyReceiver {
	return &PharmacyReceiver{
		verify: HMACVerifier{Header: "X-PetRx-Signature", Secret: []byte(secret)},
		events: events,
		log:    log,
	}
}

func (h *PharmacyReceiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := readBody(r)
	if err == nil {
		err = h.verify.Verify(r, body)
	}
	if err != nil {
		ack(w, r, h.log, "pharmacy", err)
		return
	}
	var ev services.PharmacyEvent
	if err := json.Unmarshal(body, &ev); err != nil {
		ack(w, r, h.log, "pharmacy", errs.E(errs.Op("webhooks.pharmacy"), errs.Invalid, err))
		return
	}
	ack(w, r, h.log, "pharmacy", h.events.ApplyPharmacyEvent(r.Context(), ev))
}

// DeliveryReceipts records SMS delivery outcomes.
type DeliveryReceipts interface {
	ApplyDeliveryStatus(ctx context.Context, messageID, status string, at time.Time) error
}

// SMSStatusReceiver handles POST /webhooks/sms/status from TextWave.
type SMSStatusReceiver struct {
	verify   HMACVerifier
	receipts DeliveryReceipts
	log      *slog.Logger
}

func NewSMSStatusReceiver(secret string, receipts DeliveryReceipts, log *slog.Logger) *SMSStatusReceiver {
	return &SMSStatusReceiver{
		verify:   HMACVerifier{Header: "X-TextWave-Signature", Secret: []byte(secret)},
		receipts: receipts,
		log:      log,
	}
}

type smsStatus struct {
	MessageID string    `json:"message_id"`
	ClientRef string    `json:"client_ref"`
	Status    string    `json:"status"`
	At        time.Time `json:"timestamp"`
}

func (h *SMSStatusReceiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := readBody(r)
	if err == nil {
		err = h.verify.Verify(r, body)
	}
	if err != nil {
		ack(w, r, h.log, "sms", err)
		return
	}
	var st smsStatus
	if err := json.Unmarshal(body, &st); err != nil {
		ack(w, r, h.log, "sms", errs.E(errs.Op("webhooks.sms"), errs.Invalid, err))
		return
	}
	if st.At.IsZero() {
		st.At = time.Now().UTC()
	}
	ack(w, r, h.log, "sms", h.receipts.ApplyDeliveryStatus(r.Context(), st.MessageID, st.Status, st.At))
}
