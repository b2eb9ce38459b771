package repository

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/aerolounge/loungepass/internal/domain"
)

type MembershipRepo struct {
	db *sqlx.DB
}

func NewMembershipRepo(db *sqlx.DB) *MembershipRepo { return &MembershipRepo{db: db} }

// CreatePending inserts a pending membership for a purchase request. The
// member's request key is unique, so a repeated request returns the row the
// first attempt created.
func (r *MembershipRepo) CreatePending(ctx context.Context, m domain.Membership) (domain.Membership, bool, error) {
	return insertOrGet[domain.Membership](ctx, r.db,
		`INSERT INTO memberships (id, member_id, plan_code, request_key, status, auto_renew, default_payment_method)
		 VALUES ($1, $2, $3, $4, 'pending', $5, $6)
		 ON CONFLICT ON CONSTRAINT memberships_request_key DO NOTHING
		 RETURNING *`,
		[]any{m.ID, m.MemberID, m.PlanCode, m.RequestKey, m.AutoRenew, m.DefaultPaymentMethod},
		`SELECT * FROM memberships WHERE member_id = $1 AND request_key = $2`, m.MemberID, m.RequestKey)
}

func (r *MembershipRepo) Get(ctx context.Context, id uuid.UUID) (domain.Membership, error) {
	return getOne[domain.Membership](ctx, r.db, `SELECT * FROM memberships WHERE id = $1`, id)
}

func (r *MembershipRepo) GetBySubscription(ctx context.Context, subscriptionID string) (domain.Membership, error) {
	return getOne[domain.Membership](ctx, r.db, `SELECT * FROM memberships WHERE stripe_subscription_id = $1`, subscriptionID)
}

// ActiveForMember returns the member's current membership, if any.
func (r *MembershipRepo) ActiveForMember(ctx context.Context, memberID uuid.UUID) (domain.Membership, error) {
	return getOne[domain.Membership](ctx, r.db,
		`SELECT * FROM memberships
		  WHERE member_id = $1 AND status IN ('active', 'past_due')
		  ORDER BY expires_at DESC NULLS LAST LIMIT 1`, memberID)
}

func (r *MembershipRepo) AttachPaymentIntent(ctx context.Context, id uuid.UUID, paymentIntentID string) error {
	_, err := r.db.ExecContext(ctx,
		`UPDATE memberships SET stripe_payment_intent_id = $2, updated_at = now()
		  WHERE id = $1 AND stripe_payment_intent_id IS NULL`, id, paymentIntentID)
	return err
}

// Activate moves a pending membership to active for one plan period.
// It reports false when the membership was not pending.
func (r *MembershipRepo) Activate(ctx context.Context, id uuid.UUID, at time.Time, periodMonths, initialGuests int) (bool, error) {
	n, err := execAffected(ctx, r.db,
		`UPDATE memberships
		    SET status = 'active', started_at = $2,
		        expires_at = $2 + make_interval(months => $3),
		        guest_pass_balance = guest_pass_balance + $4,
		        updated_at = now()
		  WHERE id = $1 AND status = 'pending'`, id, at, periodMonths, initialGuests)
	return n == 1, err
}

func (r *MembershipRepo) MarkFailed(ctx context.Context, id uuid.UUID) error {
	_, err := r.db.ExecContext(ctx,
		`UPDATE memberships SET status = 'failed', updated_at = now() WHERE id = $1 AND status = 'pending'`, id)
	return err
}

// ExtendForInvoice pushes the expiry out by one period and tops up the guest
// pass allowance for a paid subscription invoice.
func (r *MembershipRepo) ExtendForInvoice(ctx context.Context, id uuid.UUID, periodMonths, guestPasses int) error {
	return inTx(ctx, r.db, func(tx *sqlx.Tx) error {
		n, err := execAffected(ctx, tx,
			`UPDATE memberships
			    SET expires_at = GREATEST(expires_at, now()) + make_interval(months => $2),
			        status = 'active',
			        guest_pass_balance = guest_pass_balance + $3,
			        updated_at = now()
			  WHERE id = $1 AND status IN ('active', 'past_due')`, id, periodMonths, guestPasses)
		if err != nil {
			return err
		}
		if n == 0 {
			return fmt.Errorf("extend membership %s: %w", id, domain.ErrInvalidState)
		}
		return nil
	})
}

func (r *MembershipRepo) MarkPastDue(ctx context.Context, id uuid.UUID) error {
	_, err := r.db.ExecContext(ctx,
		`UPDATE memberships SET status = 'past_due', updated_at = now() WHERE id = $1 AND status = 'active'`, id)
	return err
}

// EnsureCancellation records the intent to cancel. The first recorded refund
// amount wins; later calls return the existing row.
func (r *MembershipRepo) EnsureCancellation(ctx context.Context, c domain.MembershipCancellation) (domain.MembershipCancellation, error) {
	row, _, err := insertOrGet[domain.MembershipCancellation](ctx, r.db,
		`INSERT INTO membership_cancellations (id, membership_id, reason, refund_cents, status)
		 VALUES ($1, $2, $3, $4, $5)
		 ON CONFLICT (membership_id) DO NOTHING
		 RETURNING *`,
		[]any{c.ID, c.MembershipID, c.Reason, c.RefundCents, c.Status},
		`SELECT * FROM membership_cancellations WHERE membership_id = $1`, c.MembershipID)
	return row, err
}

// CompleteCancellation marks the cancellation done and the membership
// cancelled in one transaction.
func (r *MembershipRepo) CompleteCancellation(ctx context.Context, cancellationID, membershipID uuid.UUID, status domain.CancellationStatus, refundID *string) error {
	return inTx(ctx, r.db, func(tx *sqlx.Tx) error {
		if _, err := tx.ExecContext(ctx,
			`UPDATE membership_cancellations
			    SET status = $2, stripe_refund_id = $3, completed_at = now()
			  WHERE id = $1 AND status = 'pending'`, cancellationID, status, refundID); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx,
			`UPDATE memberships SET status = 'cancelled', auto_renew = false, updated_at = now()
			  WHERE id = $1 AND status <> 'cancelled'`, membershipID)
		return err
	})
}

// ListAllowanceRecipients returns active memberships whose plan includes a
// monthly guest pass allowance.
func (r *MembershipRepo) ListAllowanceRecipients(ctx context.Context) ([]AllowanceRecipient, error) {
	return selectMany[AllowanceRecipient](ctx, r.db,
		`SELECT m.id AS membership_id, p.guest_passes_per_month AS quantity
		   FROM memberships m JOIN plans p ON p.code = m.plan_code
		  WHERE m.status = 'active' AND p.guest_passes_per_month > 0
		  ORDER BY m.id`)
}

type AllowanceRecipient struct {
	MembershipID uuid.UUID `db:"membership_id"`
	Quantity     int       `db:"quantity"`
}

// ListRenewalCandidates returns memberships that expire within the window and
// renew off-session from a saved card (not through a Stripe subscription).
func (r *MembershipRepo) ListRenewalCandidates(ctx context.Context, from, to time.Time) ([]domain.RenewalCandidate, error) {
	return selectMany[domain.RenewalCandidate](ctx, r.db,
		`SELECT m.id AS membership_id, m.member_id, mb.full_name, mb.email, mb.phone, m.plan_code,
		        m.expires_at, p.price_cents, p.currency, p.period_months, mb.stripe_customer_id,
		        m.default_payment_method
		   FROM memberships m
		   JOIN members mb ON mb.id = m.member_id
		   JOIN plans p ON p.code = m.plan_code
		  WHERE m.status = 'active' AND m.auto_renew AND m.stripe_subscription_id IS NULL
		    AND m.expires_at >= $1 AND m.expires_at < $2
		  ORDER BY m.expires_at`, from, to)
}

// EnsureRenewalCharge returns the renewal charge row for the membership and
// period, creating it on first use.
func (r *MembershipRepo) EnsureRenewalCharge(ctx context.Context, rc domain.RenewalCharge) (domain.RenewalCharge, error) {
	row, _, err := insertOrGet[domain.RenewalCharge](ctx, r.db,
		`INSERT INTO renewal_charges (id, membership_id, period_start, amount_cents, currency, status)
		 VALUES ($1, $2, $3, $4, $5, 'pending')
		 ON CONFLICT ON CONSTRAINT renewal_charges_period DO NOTHING
		 RETURNING *`,
		[]any{rc.ID, rc.MembershipID, rc.PeriodStart, rc.AmountCents, rc.Currency},
		`SELECT * FROM renewal_charges WHERE membership_id = $1 AND period_start = $2`, rc.MembershipID, rc.PeriodStart)
	return row, err
}

// LogRenewalAttempt appends to the renewal attempt log.
func (r *MembershipRepo) LogRenewalAttempt(ctx context.Context, id, chargeID uuid.UUID, at time.Time, outcome, detail string) error {
	_, err := r.db.ExecContext(ctx,
		`INSERT INTO renewal_attempt_log (id, renewal_charge_id, attempted_at, outcome, detail)
		 VALUES ($1, $2, $3, $4, $5)`, id, chargeID, at, outcome, detail)
	return err
}

// CompleteRenewal marks the charge paid and extends the membership, once.
func (r *MembershipRepo) CompleteRenewal(ctx context.Context, chargeID uuid.UUID, paymentIntentID string, periodMonths int) (bool, error) {
	return withTx(ctx, r.db, func(tx *sqlx.Tx) (bool, error) {
		var membershipID uuid.UUID
		err := tx.GetContext(ctx, &membershipID,
			`UPDATE renewal_charges
			    SET status = 'succeeded', stripe_payment_intent_id = $2, updated_at = now()
			  WHERE id = $1 AND status <> 'succeeded'
			RETURNING membership_id`, chargeID, paymentIntentID)
		if err != nil {
			if isNoRows(err) {
				return false, nil
			}
			return false, err
		}
		_, err = tx.ExecContext(ctx,
			`UPDATE memberships
			    SET expires_at = expires_at + make_interval(months => $2), updated_at = now()
			  WHERE id = $1`, membershipID, periodMonths)
		return err == nil, err
	})
}

func (r *MembershipRepo) FailRenewal(ctx context.Context, chargeID uuid.UUID) error {
	_, err := r.db.ExecContext(ctx,
		`UPDATE renewal_charges SET status = 'failed', updated_at = now() WHERE id = $1 AND status = 'pending'`, chargeID)
	return err
}
