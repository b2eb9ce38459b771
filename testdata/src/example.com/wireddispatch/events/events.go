// Package events applies a provider's events through a table of
// handlers by event type.
package events

import (
	"context"
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
// sent twice.
func (p *processor) disputed(ctx context.Context, id string) error {
	resp, err := http.Post("https://bank.example/disputes", "application/json", nil) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(HTTP handler Handler.Events\)`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
