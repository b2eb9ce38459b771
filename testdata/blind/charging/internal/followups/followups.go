// Package followups fans a settled session out to the queues that bill
// fleets, push roaming CDRs and send receipts.
package followups

import (
	"context"
	"fmt"

	"github.com/voltway/charging/internal/fleet"
	"github.com/voltway/charging/internal/platform/queue"
	"github.com/voltway/charging/internal/session"
)

// CDRJob is the cdr-outbound queue message.
type CDRJob struct {
	SessionID string `json:"session_id"`
}

// SMSQueue queues templated driver SMS.
type SMSQueue interface {
	SMS(ctx context.Context, driverID, template string, params map[string]string, eventKey ...string) error
}

// Queues implements session.FollowUps.
type Queues struct {
	fleetBilling queue.Publisher // standard queue; consumer dedups per session
	cdrOutbound  queue.Publisher // FIFO
	sms          SMSQueue
}

var _ session.FollowUps = (*Queues)(nil)

// New wires the follow-ups.
func New(fleetBilling, cdrOutbound queue.Publisher, sms SMSQueue) *Queues {
	return &Queues{fleetBilling: fleetBilling, cdrOutbound: cdrOutbound, sms: sms}
}

// FleetUsage queues the session for the fleet's usage ledger.
func (q *Queues) FleetUsage(ctx context.Context, s session.Session) error {
	_, err := q.fleetBilling.Publish(ctx, fleet.SessionUsage{
		SessionID:   s.ID,
		FleetID:     s.FleetID.String,
		DriverID:    s.DriverID.String,
		EnergyWh:    s.EnergyWh,
		AmountCents: s.CostCents,
		StoppedAt:   s.StoppedAt.Time,
	})
	if err != nil {
		return fmt.Errorf("queue fleet usage: %w", err)
	}
	return nil
}

// RoamingCDR queues the CDR push to the partner.
func (q *Queues) RoamingCDR(ctx context.Context, s session.Session) error {
	_, err := q.cdrOutbound.Publish(ctx, CDRJob{SessionID: s.ID},
		queue.WithGroup("partner-"+s.PartnerID.String),
		queue.WithDedupID("cdr-"+s.ID),
	)
	if err != nil {
		return fmt.Errorf("queue cdr: %w", err)
	}
	return nil
}

// Receipt queues the driver's SMS receipt.
func (q *Queues) Receipt(ctx context.Context, s session.Session) error {
	return q.sms.SMS(ctx, s.DriverID.String, "session_receipt", map[string]string{
		"session": s.ID[:8],
		"kwh":     fmt.Sprintf("%.2f", float64(s.EnergyWh)/1000),
		"amount":  fmt.Sprintf("%.2f %s", float64(s.CapturedCents.Int64)/100, s.Currency),
	}, "receipt", s.ID)
}
