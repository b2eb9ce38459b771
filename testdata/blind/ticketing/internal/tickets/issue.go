// Package tickets issues tickets for paid orders and re-sends them on request.
package tickets

import (
	"context"
	"fmt"

	"github.com/riverqueue/river"

	"github.com/stagepass/ticketing/internal/barcode"
	"github.com/stagepass/ticketing/internal/db"
	"github.com/stagepass/ticketing/internal/idgen"
	"github.com/stagepass/ticketing/internal/jobs"
	"github.com/stagepass/ticketing/internal/store"
)

// IssueWorker creates one ticket per seat of a paid order and queues their
// delivery. Tickets are keyed by (order_id, seat_id); the whole run is one
// transaction together with the delivery jobs it queues.
type IssueWorker struct {
	river.WorkerDefaults[jobs.IssueTicketsArgs]

	Tx       store.TxRunner
	IDs      idgen.Generator
	Barcodes *barcode.Deriver
	Jobs     jobs.Inserter
}

func (w *IssueWorker) Work(ctx context.Context, job *river.Job[jobs.IssueTicketsArgs]) error {
	return w.Tx.InTx(ctx, func(q db.Querier) error {
		o, err := q.GetOrderForUpdate(ctx, job.Args.OrderID)
		if store.IsNotFound(err) {
			return river.JobCancel(fmt.Errorf("order %s not found", job.Args.OrderID))
		}
		if err != nil {
			return err
		}
		if o.Status != "paid" {
			return river.JobCancel(fmt.Errorf("order %s is %s, not paid", o.ID, o.Status))
		}
		seats, err := q.ListHoldSeats(ctx, o.HoldID)
		if err != nil {
			return err
		}
		fan, err := q.GetFan(ctx, o.FanID)
		if err != nil {
			return err
		}
		for _, st := range seats {
			ticketID := w.IDs.New()
			n, err := q.InsertTicket(ctx, db.InsertTicketParams{
				ID:         ticketID,
				OrderID:    o.ID,
				EventID:    o.EventID,
				SeatID:     st.SeatID,
				OwnerFanID: o.FanID,
				Barcode:    w.Barcodes.Derive(ticketID, 0),
			})
			if err != nil {
				return err
			}
			if n == 0 {
				// Already issued on an earlier run; its deliveries were
				// queued in that run's transaction.
				continue
			}
			if err := jobs.EnqueueTx(ctx, w.Jobs, q, jobs.DeliverTicketEmailArgs{
				TicketID: ticketID, RequestRef: "issue",
			}, nil); err != nil {
				return err
			}
			if fan.Phone != nil {
				if err := jobs.EnqueueTx(ctx, w.Jobs, q, jobs.DeliverTicketSMSArgs{
					TicketID: ticketID, DeliveryRef: "sms:" + ticketID + ":issue",
				}, nil); err != nil {
					return err
				}
			}
		}
		return nil
	})
}
