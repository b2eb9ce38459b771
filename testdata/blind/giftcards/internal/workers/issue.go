package workers

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/lumen-gift/giftcards/internal/db"
	"github.com/lumen-gift/giftcards/internal/ids"
	"github.com/lumen-gift/giftcards/internal/service"
	"github.com/lumen-gift/giftcards/internal/store"
	"github.com/lumen-gift/giftcards/internal/tasks"
)

// IssueCardsWorker creates every card of a corporate order in one
// transaction. Card and delivery ids are derived from (order, seq) so a
// retried job converges on the same rows.
type IssueCardsWorker struct {
	river.WorkerDefaults[tasks.IssueCards]
	st       *store.Store
	jobs     tasks.Inserter
	validity time.Duration
	log      *slog.Logger
}

func (w *IssueCardsWorker) Timeout(*river.Job[tasks.IssueCards]) time.Duration {
	return 5 * time.Minute
}

func (w *IssueCardsWorker) Work(ctx context.Context, job *river.Job[tasks.IssueCards]) error {
	return w.st.InTx(ctx, func(ctx context.Context, q *db.Queries, tx pgx.Tx) error {
		order, err := q.GetCorporateOrder(ctx, job.Args.OrderID)
		if err != nil {
			return fmt.Errorf("load order: %w", err)
		}
		switch order.Status {
		case "issued":
			return nil
		case "approved", "paid":
		default:
			return river.JobCancel(fmt.Errorf("order %s is %s", order.ID, order.Status))
		}
		var recipients []service.Recipient
		if err := json.Unmarshal(order.Recipients, &recipients); err != nil {
			return river.JobCancel(fmt.Errorf("order %s recipients: %w", order.ID, err))
		}

		expires := order.CreatedAt.Add(w.validity)
		var deliveries []river.InsertManyParams
		for seq := int32(1); seq <= order.Quantity; seq++ {
			cardID := ids.Derive("crd", order.ID, strconv.Itoa(int(seq)))
			var r service.Recipient
			if int(seq) <= len(recipients) {
				r = recipients[seq-1]
			}
			if _, err := q.InsertOrderCard(ctx, db.InsertOrderCardParams{
				ID:             cardID,
				Code:           ids.CardCode(),
				OrderID:        &order.ID,
				OrderSeq:       store.Ptr(seq),
				BalanceCents:   order.DenominationCents,
				Currency:       order.Currency,
				Status:         "issued",
				ExpiresAt:      expires,
				RecipientPhone: store.PtrOrNil(r.Phone),
				RecipientEmail: store.PtrOrNil(r.Email),
			}); err != nil {
				return fmt.Errorf("insert card %d: %w", seq, err)
			}
			if err := q.InsertLedgerEntry(ctx, db.InsertLedgerEntryParams{
				ID: ids.Derive("led", cardID, "issue"), CardID: cardID, EntryType: "issue", AmountCents: order.DenominationCents, Ref: order.ID,
			}); err != nil {
				return err
			}
			for channel, dest := range map[string]string{"sms": r.Phone, "email": r.Email} {
				if dest == "" {
					continue
				}
				deliveryID := ids.Derive("dlv", cardID, channel)
				n, err := q.InsertDeliveryIfAbsent(ctx, db.InsertDeliveryIfAbsentParams{
					ID: deliveryID, CardID: cardID, Channel: channel, Destination: dest,
				})
				if err != nil {
					return err
				}
				if n == 1 {
					deliveries = append(deliveries, river.InsertManyParams{Args: tasks.DeliverCode{DeliveryID: deliveryID}})
				}
			}
		}
		if err := q.SetOrderStatus(ctx, db.SetOrderStatusParams{ID: order.ID, Status: "issued"}); err != nil {
			return err
		}
		if len(deliveries) > 0 {
			if _, err := w.jobs.InsertManyTx(ctx, tx, deliveries); err != nil {
				return fmt.Errorf("enqueue deliveries: %w", err)
			}
		}
		w.log.InfoContext(ctx, "corporate order issued", "order_id", order.ID, "cards", order.Quantity, "deliveries", len(deliveries))
		return nil
	})
}
