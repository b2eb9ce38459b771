package consumers

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base32"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/northgate-museums/visitor-platform/internal/events"
	"github.com/northgate-museums/visitor-platform/internal/models"
	"github.com/northgate-museums/visitor-platform/internal/notify"
	"github.com/northgate-museums/visitor-platform/internal/platform/config"
	"github.com/northgate-museums/visitor-platform/internal/platform/database"
	"github.com/northgate-museums/visitor-platform/internal/platform/httpx"
	"github.com/northgate-museums/visitor-platform/internal/store"
)

type Notifier interface {
	Notify(ctx context.Context, template, to string, data map[string]any, opts ...notify.Option) (string, error)
}

// TicketIssuer issues e-tickets once a ticket order is paid.
type TicketIssuer struct {
	orders   *store.TicketOrderRepo
	slots    *store.SlotRepo
	tickets  *store.TicketRepo
	notifier Notifier
	secret   []byte
}

func NewTicketIssuer(cfg *config.Config, orders *store.TicketOrderRepo, slots *store.SlotRepo, tickets *store.TicketRepo, n Notifier) *TicketIssuer {
	return &TicketIssuer{orders: orders, slots: slots, tickets: tickets, notifier: n, secret: []byte(cfg.TicketSecret)}
}

// barcode derives a ticket's barcode from the order and seat number, so
// reissuing an order produces the same barcodes.
func (c *TicketIssuer) barcode(orderID uuid.UUID, seq int) string {
	mac := hmac.New(sha256.New, c.secret)
	fmt.Fprintf(mac, "%s:%d", orderID, seq)
	enc := base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(mac.Sum(nil))
	return "NG" + strings.ToUpper(enc[:14])
}

func (c *TicketIssuer) Handle(ctx context.Context, evt events.TicketOrderPaid, _ Meta) error {
	id, err := uuid.Parse(evt.OrderID)
	if err != nil {
		return nil
	}
	order, err := c.orders.Get(ctx, id)
	if err != nil {
		return err
	}
	slot, err := c.slots.Get(ctx, order.SlotID)
	if err != nil {
		return err
	}
	var tickets []models.Ticket
	add := func(n int, kind string) {
		for i := 0; i < n; i++ {
			seq := len(tickets) + 1
			tickets = append(tickets, models.Ticket{OrderID: order.ID, Seq: seq, Barcode: c.barcode(order.ID, seq), TicketType: kind, Status: "valid"})
		}
	}
	add(order.AdultQty, "adult")
	add(order.ConcessionQty, "concession")
	add(order.ChildQty, "child")
	if err := c.tickets.Issue(ctx, tickets); err != nil {
		return err
	}

	codes := make([]string, len(tickets))
	for i, t := range tickets {
		codes[i] = t.Barcode
	}
	_, err = c.notifier.Notify(ctx, notify.TemplateETickets, order.CustomerEmail, map[string]any{
		"name":     order.CustomerName,
		"order_id": order.ID.String(),
		"date":     slot.StartsAt.Format("Monday 2 January 2006"),
		"time":     slot.StartsAt.Format("15:04"),
		"barcodes": codes,
	}, notify.Key("e-tickets:"+order.ID.String()), notify.Tag("tickets"))
	return err
}

// AdmissionRecorder records turnstile scans from the gate scanners.
type AdmissionRecorder struct {
	tx         *database.TxManager
	tickets    *store.TicketRepo
	admissions *store.AdmissionRepo
}

func NewAdmissionRecorder(tx *database.TxManager, tickets *store.TicketRepo, admissions *store.AdmissionRepo) *AdmissionRecorder {
	return &AdmissionRecorder{tx: tx, tickets: tickets, admissions: admissions}
}

func (c *AdmissionRecorder) Handle(ctx context.Context, scan events.GateScan, _ Meta) error {
	result := "admitted"
	ticket, err := c.tickets.ByBarcode(ctx, scan.Barcode)
	switch {
	case errors.Is(err, httpx.ErrNotFound):
		result = "rejected_unknown"
	case err != nil:
		return err
	case scan.Direction == "in" && ticket.UsedAt != nil:
		result = "rejected_used"
	}
	scannedAt := scan.ScannedAt
	if scannedAt.IsZero() {
		scannedAt = time.Now().UTC()
	}
	return c.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := c.admissions.Record(ctx, &models.Admission{
			ScanID:    scan.ScanID,
			GateID:    scan.GateID,
			SiteID:    scan.SiteID,
			Barcode:   scan.Barcode,
			Direction: scan.Direction,
			Result:    result,
			ScannedAt: scannedAt,
		}); err != nil {
			return err
		}
		if result == "admitted" && scan.Direction == "in" {
			return c.tickets.MarkUsed(ctx, scan.Barcode, scannedAt)
		}
		return nil
	})
}
