// Package events applies a provider's events through a table of
// handlers by event type.
package events

import (
	"context"
	"encoding/json"
	"log"
	"net/http"

	"github.com/google/uuid"

	"example.com/wireddispatch/mail"
)

// Processor applies one event.
type Processor interface {
	Process(ctx context.Context, typ, id string) error
}

// Notifier tells customers.
type Notifier interface {
	Failed(ctx context.Context, to string, opts ...mail.Option) error
}

// Ledger books entries.
type Ledger interface {
	Insert(ctx context.Context, id, ref string) error
	Claim(ctx context.Context, eventID string) (bool, error)
	Refund(ctx context.Context, refundID string) error
	Note(ctx context.Context, refundID string) error
}

type handler func(ctx context.Context, id string) error

type processor struct {
	notify   Notifier
	ledger   Ledger
	handlers map[string]handler
}

// New returns the Processor.
func New(n Notifier, l Ledger) Processor {
	p := &processor{notify: n, ledger: l}
	p.handlers = map[string]handler{
		"payment.failed":   p.failed,
		"payment.notified": p.notified,
		"payment.reversed": p.reversed,
		"payment.settled":  p.once(p.settled),
		"payment.disputed": p.disputed,
		"refund.created":   p.refunded,
		"refund.failed":    p.refundFailed,
		"refund.adjusted":  p.adjusted,
		"refund.noted":     p.noted,
	}
	return p
}

// Process runs the event type's handler.
func (p *processor) Process(ctx context.Context, typ, id string) error {
	h, ok := p.handlers[typ]
	if !ok {
		return nil
	}
	return h(ctx, id)
}

// once runs h only for the first delivery of an event.
func (p *processor) once(h handler) handler {
	return func(ctx context.Context, id string) error {
		first, err := p.ledger.Claim(ctx, id)
		if err != nil || !first {
			return err
		}
		return h(ctx, id)
	}
}

// failed mails the customer under a key made per delivery.
func (p *processor) failed(ctx context.Context, id string) error {
	return p.notify.Failed(ctx, "customer@example.com", mail.WithKey(uuid.NewString())) // want `a retry sends a new value as the provider's idempotency key, so the duplicate is not recognised: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.Events\)`
}

// notified mails the customer under the event's own ID.
func (p *processor) notified(ctx context.Context, id string) error {
	return p.notify.Failed(ctx, "customer@example.com", mail.WithKey("notice:"+id))
}

// reversed books a reversal under an ID made per delivery.
func (p *processor) reversed(ctx context.Context, id string) error {
	return p.ledger.Insert(ctx, uuid.NewString(), id) // want `a retry inserts a second ledger_entries row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.Events\)`
}

// settled books a settlement past the claim of the event once wraps
// it in.
func (p *processor) settled(ctx context.Context, id string) error {
	return p.ledger.Insert(ctx, uuid.NewString(), id)
}

// disputed tells the bank's dispute desk, which drops nothing it is
// sent twice and takes no key: nothing in the package names one.
func (p *processor) disputed(ctx context.Context, id string) error {
	resp, err := http.Post("https://bank.example/disputes", "application/json", nil)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// refund is the provider's refund event.
type refund struct {
	RefundID string `json:"refund_id"`
}

// refunded records the provider's refund under the refund's own ID
// before it books the entry: a retry fails on the refund's key there,
// before a second entry.
func (p *processor) refunded(ctx context.Context, payload string) error {
	var ev refund
	if err := json.Unmarshal([]byte(payload), &ev); err != nil {
		return err
	}
	if err := p.ledger.Refund(ctx, ev.RefundID); err != nil {
		return err
	}
	return p.ledger.Insert(ctx, uuid.NewString(), ev.RefundID)
}

// refundFailed records the refund too, but goes on when that fails:
// the retry books a second entry.
func (p *processor) refundFailed(ctx context.Context, payload string) error {
	var ev refund
	if err := json.Unmarshal([]byte(payload), &ev); err != nil {
		return err
	}
	if err := p.ledger.Refund(ctx, ev.RefundID); err != nil {
		log.Print(err)
	}
	return p.ledger.Insert(ctx, uuid.NewString(), ev.RefundID) // want `a retry inserts a second ledger_entries row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.Events\)`
}

// adjusted records the refund under its ID, then books the entry
// through a helper that makes the entry's ID itself: the retry fails
// before the helper runs.
func (p *processor) adjusted(ctx context.Context, id string) error {
	if err := p.ledger.Refund(ctx, id); err != nil {
		return err
	}
	return p.reverse(ctx, id)
}

// reverse books a reversal of ref.
func (p *processor) reverse(ctx context.Context, ref string) error {
	return p.ledger.Insert(ctx, uuid.NewString(), ref)
}

// noted records the refund with a conflict clause, which lets the
// retry go on to a second entry.
func (p *processor) noted(ctx context.Context, id string) error {
	if err := p.ledger.Note(ctx, id); err != nil {
		return err
	}
	return p.ledger.Insert(ctx, uuid.NewString(), id) // want `a retry inserts a second ledger_entries row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.Events\)`
}
