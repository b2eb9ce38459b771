package collections

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/acornlane-childcare/nursery/internal/db"
	"github.com/acornlane-childcare/nursery/internal/events"
	"github.com/acornlane-childcare/nursery/internal/notify"
	"github.com/acornlane-childcare/nursery/internal/provider/sms"
)

// Texter sends SMS messages to parents.
type Texter interface {
	Text(ctx context.Context, to, body, ref string) (sms.Receipt, error)
}

// Notifier tells parents about failed collections.
type Notifier struct {
	q      *db.Queries
	texter Texter
	log    *slog.Logger
}

func NewNotifier(q *db.Queries, texter Texter, log *slog.Logger) *Notifier {
	return &Notifier{q: q, texter: texter, log: log}
}

// CollectionFailed texts the family's primary contact.
func (n *Notifier) CollectionFailed(ctx context.Context, ev events.CollectionFailed) error {
	fam, err := n.q.GetFamily(ctx, ev.FamilyID)
	if err != nil {
		return err
	}
	inv, err := n.q.GetInvoice(ctx, ev.InvoiceID)
	if err != nil {
		return err
	}
	body, err := notify.Render("collection_failed_sms", map[string]string{
		"FamilyName": fam.DisplayName,
		"Amount":     fmt.Sprintf("%d.%02d", ev.AmountPence/100, ev.AmountPence%100),
		"Period":     inv.Period,
		"Reason":     humanReason(ev.Reason),
	})
	if err != nil {
		return err
	}
	r, err := n.texter.Text(ctx, fam.PrimaryPhone, body, "")
	if err != nil {
		return fmt.Errorf("collection failed sms: %w", err)
	}
	n.log.InfoContext(ctx, "collection failure texted", "family_id", fam.ID, "message_id", r.MessageID)
	return nil
}

func humanReason(cause string) string {
	switch cause {
	case "insufficient_funds":
		return "insufficient funds"
	case "mandate_cancelled", "bank_account_closed":
		return "your Direct Debit is no longer active"
	case "refer_to_payer":
		return "your bank declined the payment"
	default:
		return "your bank returned the payment"
	}
}
