// Package jobs declares the river job argument types shared by the API (which
// enqueues) and the worker (which executes), plus small enqueue helpers.
package jobs

import (
	"time"

	"github.com/riverqueue/river"
)

// IssueTicketsArgs materialises tickets for a paid order.
type IssueTicketsArgs struct {
	OrderID string `json:"order_id" river:"unique"`
}

func (IssueTicketsArgs) Kind() string { return "issue_tickets" }

func (IssueTicketsArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       "tickets",
		MaxAttempts: 12,
		UniqueOpts:  river.UniqueOpts{ByArgs: true},
	}
}

// DeliverTicketEmailArgs e-mails a ticket (PDF + wallet pass link).
type DeliverTicketEmailArgs struct {
	TicketID   string `json:"ticket_id"`
	RequestRef string `json:"request_ref"` // issue | transfer:<id> | resend:<id>
}

func (DeliverTicketEmailArgs) Kind() string { return "deliver_ticket_email" }

func (DeliverTicketEmailArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       "delivery",
		MaxAttempts: 8,
		UniqueOpts:  river.UniqueOpts{ByArgs: true, ByPeriod: 15 * time.Minute},
	}
}

// DeliverTicketSMSArgs texts a ticket link.
type DeliverTicketSMSArgs struct {
	TicketID    string `json:"ticket_id"`
	DeliveryRef string `json:"delivery_ref"`
}

func (DeliverTicketSMSArgs) Kind() string { return "deliver_ticket_sms" }

func (DeliverTicketSMSArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       "delivery",
		MaxAttempts: 8,
		UniqueOpts:  river.UniqueOpts{ByArgs: true},
	}
}

// RefundOrderArgs refunds an order, typically after event cancellation.
type RefundOrderArgs struct {
	OrderID string `json:"order_id"`
	Reason  string `json:"reason"`
}

func (RefundOrderArgs) Kind() string { return "refund_order" }

func (RefundOrderArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       "refunds",
		MaxAttempts: 10,
		UniqueOpts:  river.UniqueOpts{ByArgs: true},
	}
}

// ExpireHoldsArgs is the periodic sweep releasing stale seat holds.
type ExpireHoldsArgs struct{}

func (ExpireHoldsArgs) Kind() string { return "expire_holds" }
