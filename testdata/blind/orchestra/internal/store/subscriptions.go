package store

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"

	"github.com/harborlight-symphony/encore/internal/domain"
)

// Subscriptions is the repository for season subscriptions, their
// installment schedules and fulfilment records.
type Subscriptions struct {
	db *gorm.DB
}

func NewSubscriptions(db *gorm.DB) *Subscriptions { return &Subscriptions{db: db} }

func (r *Subscriptions) Package(ctx context.Context, code string) (*domain.SubscriptionPackage, error) {
	return first[domain.SubscriptionPackage](ctx, r.db, domain.ErrNotFound, "code = ?", code)
}

func (r *Subscriptions) Patron(ctx context.Context, id string) (*domain.Patron, error) {
	return first[domain.Patron](ctx, r.db, domain.ErrNotFound, "id = ?", id)
}

func (r *Subscriptions) Get(ctx context.Context, id string) (*domain.Subscription, error) {
	return first[domain.Subscription](ctx, r.db, domain.ErrNotFound, "id = ?", id)
}

func (r *Subscriptions) FindLive(ctx context.Context, patronID, seasonID string) (*domain.Subscription, error) {
	return first[domain.Subscription](ctx, r.db, domain.ErrNotFound,
		"patron_id = ? AND season_id = ? AND status <> ?", patronID, seasonID, domain.SubscriptionCancelled)
}

// CreateWithSchedule inserts the subscription and its installments. It
// reports false, and writes nothing, when the patron already holds a live
// subscription for the season.
func (r *Subscriptions) CreateWithSchedule(ctx context.Context, sub *domain.Subscription, insts []domain.Installment) (bool, error) {
	return inTx(ctx, r.db, func(tx *gorm.DB) (bool, error) {
		res := tx.Exec(`
			INSERT INTO subscriptions
			    (id, patron_id, season_id, package_code, seat_count, total_cents, paid_cents,
			     installment_count, stripe_customer_id, payment_method_id, status, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, now(), now())
			ON CONFLICT (patron_id, season_id) WHERE status <> 'cancelled' DO NOTHING`,
			sub.ID, sub.PatronID, sub.SeasonID, sub.PackageCode, sub.SeatCount, sub.TotalCents,
			sub.InstallmentCount, sub.StripeCustomerID, sub.PaymentMethodID, sub.Status)
		if res.Error != nil {
			return false, fmt.Errorf("insert subscription: %w", res.Error)
		}
		if res.RowsAffected == 0 {
			return false, nil
		}
		if err := tx.Create(&insts).Error; err != nil {
			return false, fmt.Errorf("insert installments: %w", err)
		}
		return true, nil
	})
}

func (r *Subscriptions) MarkWelcomeSent(ctx context.Context, subID string) error {
	return r.db.WithContext(ctx).Model(&domain.Subscription{}).
		Where("id = ?", subID).
		Updates(map[string]any{"welcome_sent_at": time.Now().UTC(), "updated_at": time.Now().UTC()}).Error
}

func (r *Subscriptions) FulfilmentFor(ctx context.Context, subID string) (*domain.Fulfilment, error) {
	var f domain.Fulfilment
	err := r.db.WithContext(ctx).Where("subscription_id = ?", subID).Order("created_at DESC").Take(&f).Error
	if err != nil {
		if IsNotFound(err) {
			return nil, domain.ErrNotFound
		}
		return nil, err
	}
	return &f, nil
}

func (r *Subscriptions) InsertFulfilment(ctx context.Context, f *domain.Fulfilment) error {
	return r.db.WithContext(ctx).Create(f).Error
}

// PerformancesForSeason lists the concerts a subscription book covers.
func (r *Subscriptions) PerformancesForSeason(ctx context.Context, seasonID string) ([]domain.Performance, error) {
	var out []domain.Performance
	err := r.db.WithContext(ctx).
		Where("season_id = ? AND status <> ?", seasonID, "cancelled").
		Order("starts_at").Find(&out).Error
	return out, err
}

// Installments is the repository used by the dunning and reminder tasks.
type Installments struct {
	db *gorm.DB
}

func NewInstallments(db *gorm.DB) *Installments { return &Installments{db: db} }

// LoadForCharge returns the installment together with its subscription.
func (r *Installments) LoadForCharge(ctx context.Context, id string) (*domain.Installment, *domain.Subscription, error) {
	inst, err := first[domain.Installment](ctx, r.db, domain.ErrNotFound, "id = ?", id)
	if err != nil {
		return nil, nil, err
	}
	sub, err := first[domain.Subscription](ctx, r.db, domain.ErrNotFound, "id = ?", inst.SubscriptionID)
	if err != nil {
		return nil, nil, err
	}
	return inst, sub, nil
}

// RecordPaid marks the installment paid, stores the payment and credits
// the subscription in one transaction. A second call for an installment
// that is already paid is a no-op.
func (r *Installments) RecordPaid(ctx context.Context, inst *domain.Installment, paymentIntentID, paymentID string) error {
	return r.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Exec(`
			UPDATE installments
			   SET status = 'paid', payment_intent_id = ?, paid_at = now()
			 WHERE id = ? AND status <> 'paid'`, paymentIntentID, inst.ID)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return nil
		}
		pay := domain.InstallmentPayment{
			ID:              paymentID,
			InstallmentID:   inst.ID,
			PaymentIntentID: paymentIntentID,
			AmountCents:     inst.AmountCents,
		}
		if err := tx.Create(&pay).Error; err != nil {
			return fmt.Errorf("insert installment payment: %w", err)
		}
		return tx.Exec(`
			UPDATE subscriptions
			   SET paid_cents = paid_cents + ?,
			       status = CASE WHEN paid_cents + ? >= total_cents THEN 'paid_in_full' ELSE status END,
			       updated_at = now()
			 WHERE id = ?`, inst.AmountCents, inst.AmountCents, inst.SubscriptionID).Error
	})
}

// MarkFailed records a declined attempt.
func (r *Installments) MarkFailed(ctx context.Context, id string) error {
	return r.db.WithContext(ctx).Exec(`
		UPDATE installments
		   SET status = 'failed', failure_count = failure_count + 1
		 WHERE id = ? AND status <> 'paid'`, id).Error
}

// Due lists installments that should be charged as of asOf, including
// declined ones still inside the dunning window.
func (r *Installments) Due(ctx context.Context, asOf time.Time, limit int) ([]domain.Installment, error) {
	var out []domain.Installment
	err := r.db.WithContext(ctx).
		Where("due_on <= ?", asOf).
		Where("(status = ?) OR (status = ? AND failure_count < ?)",
			domain.InstallmentScheduled, domain.InstallmentFailed, domain.MaxInstallmentFailures).
		Order("due_on").Limit(limit).Find(&out).Error
	return out, err
}

// ReminderRow is what the reminder email needs.
type ReminderRow struct {
	InstallmentID  string
	SubscriptionID string
	SeqNo          int
	DueOn          time.Time
	AmountCents    int64
	Email          string
	FullName       string
}

// NeedingReminder lists scheduled installments due on the given day whose
// reminder has not gone out.
func (r *Installments) NeedingReminder(ctx context.Context, dueOn time.Time) ([]ReminderRow, error) {
	var out []ReminderRow
	err := r.db.WithContext(ctx).Raw(`
		SELECT i.id AS installment_id, i.subscription_id, i.seq_no, i.due_on, i.amount_cents,
		       p.email, p.full_name
		  FROM installments i
		  JOIN subscriptions s ON s.id = i.subscription_id
		  JOIN patrons p ON p.id = s.patron_id
		 WHERE i.due_on = ? AND i.status = 'scheduled' AND i.reminder_sent_at IS NULL`, dueOn).
		Scan(&out).Error
	return out, err
}

// ReminderByID loads the reminder view for one installment.
func (r *Installments) ReminderByID(ctx context.Context, id string) (*ReminderRow, error) {
	var out ReminderRow
	res := r.db.WithContext(ctx).Raw(`
		SELECT i.id AS installment_id, i.subscription_id, i.seq_no, i.due_on, i.amount_cents,
		       p.email, p.full_name
		  FROM installments i
		  JOIN subscriptions s ON s.id = i.subscription_id
		  JOIN patrons p ON p.id = s.patron_id
		 WHERE i.id = ?`, id).Scan(&out)
	if res.Error != nil {
		return nil, res.Error
	}
	if res.RowsAffected == 0 {
		return nil, domain.ErrNotFound
	}
	return &out, nil
}

// MarkReminded stamps reminder_sent_at once; it reports whether this call
// did the stamping.
func (r *Installments) MarkReminded(ctx context.Context, id string) (bool, error) {
	res := r.db.WithContext(ctx).Exec(`
		UPDATE installments SET reminder_sent_at = now()
		 WHERE id = ? AND reminder_sent_at IS NULL`, id)
	return res.RowsAffected == 1, res.Error
}
