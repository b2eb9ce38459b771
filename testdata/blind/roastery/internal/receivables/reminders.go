// Package receivables chases overdue wholesale invoices: reminder emails to
// the cafe's billing contact and a one-time late fee.
package receivables

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"gorm.io/gorm"

	"github.com/ridgeline-coffee/roastery/internal/models"
	"github.com/ridgeline-coffee/roastery/internal/providers/mailer"
)

// Config holds collection policy.
type Config struct {
	ReminderInterval time.Duration
	LateFeeCents     int64
	LateFeeAfterDays int
}

// Collector runs the receivables jobs.
type Collector struct {
	db   *gorm.DB
	mail mailer.Sender
	cfg  Config
	log  *slog.Logger
	now  func() time.Time
}

// NewCollector returns a Collector.
func NewCollector(gdb *gorm.DB, m mailer.Sender, cfg Config, log *slog.Logger) *Collector {
	if cfg.LateFeeAfterDays == 0 {
		cfg.LateFeeAfterDays = 30
	}
	return &Collector{db: gdb, mail: m, cfg: cfg, log: log.With("component", "receivables"), now: time.Now}
}

type overdueRow struct {
	models.Invoice
	CafeName     string
	BillingEmail string
}

// SendReminders emails every cafe with an unpaid invoice past due that has
// not been reminded within the interval.
func (c *Collector) SendReminders(ctx context.Context) (int, error) {
	now := c.now().UTC()
	var rows []overdueRow
	err := c.db.WithContext(ctx).Table("invoices").
		Select("invoices.*, cafes.name AS cafe_name, cafes.billing_email AS billing_email").
		Joins("JOIN cafes ON cafes.id = invoices.cafe_id").
		Where("invoices.paid_at IS NULL AND invoices.due_at < ?", now).
		Where("invoices.reminder_sent_at IS NULL OR invoices.reminder_sent_at < ?", now.Add(-c.cfg.ReminderInterval)).
		Order("invoices.due_at").Limit(200).
		Scan(&rows).Error
	if err != nil {
		return 0, err
	}

	sent := 0
	for _, inv := range rows {
		daysLate := int(now.Sub(inv.DueAt).Hours() / 24)
		msg := mailer.Message{
			To:       inv.BillingEmail,
			Template: "invoice-overdue",
			Tag:      "receivables",
			Model: map[string]string{
				"cafe_name":  inv.CafeName,
				"invoice_id": inv.LedgerInvoiceID,
				"amount_due": fmt.Sprintf("$%.2f", float64(inv.AmountDueCents)/100),
				"days_late":  strconv.Itoa(daysLate),
			},
		}
		if err := c.mail.Send(ctx, msg); err != nil {
			c.log.Warn("send overdue reminder", "invoice_id", inv.ID, "err", err)
			continue
		}
		if err := c.db.WithContext(ctx).Model(&models.Invoice{}).Where("id = ?", inv.ID).
			Update("reminder_sent_at", now).Error; err != nil {
			c.log.Error("record reminder", "invoice_id", inv.ID, "err", err)
			continue
		}
		sent++
	}
	return sent, nil
}

// ApplyLateFees adds the late fee to invoices more than LateFeeAfterDays
// overdue and raises each cafe's open balance, in one statement. An invoice
// is only ever charged once.
func (c *Collector) ApplyLateFees(ctx context.Context) (int64, error) {
	cutoff := c.now().UTC().AddDate(0, 0, -c.cfg.LateFeeAfterDays)
	res := c.db.WithContext(ctx).Exec(`
		WITH charged AS (
			UPDATE invoices
			   SET amount_due_cents = amount_due_cents + ?, late_fee_applied_at = now()
			 WHERE paid_at IS NULL AND late_fee_applied_at IS NULL AND due_at < ?
			RETURNING cafe_id
		)
		UPDATE cafes
		   SET open_balance_cents = cafes.open_balance_cents + ? * n.fees
		  FROM (SELECT cafe_id, count(*) AS fees FROM charged GROUP BY cafe_id) n
		 WHERE cafes.id = n.cafe_id`,
		c.cfg.LateFeeCents, cutoff, c.cfg.LateFeeCents)
	return res.RowsAffected, res.Error
}
