package store

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/ridgeline-fleet/fuelcards/internal/domain"
)

const fleetColumns = `id, name, network_account_id, bank_account_ref, rebate_method,
	rebate_rate_bps, rebate_accrued_cents, created_at`

func scanFleet(row pgx.Row) (domain.Fleet, error) {
	var f domain.Fleet
	err := row.Scan(&f.ID, &f.Name, &f.NetworkAccountID, &f.BankAccountRef, &f.RebateMethod,
		&f.RebateRateBps, &f.RebateAccruedCents, &f.CreatedAt)
	return f, err
}

// FleetByID loads a fleet.
func (q *Queries) FleetByID(ctx context.Context, id uuid.UUID) (domain.Fleet, error) {
	f, err := scanFleet(q.db.QueryRow(ctx, `SELECT `+fleetColumns+` FROM fleets WHERE id = $1`, id))
	return f, notFound(err, "fleet")
}

// FleetIDs lists every fleet.
func (q *Queries) FleetIDs(ctx context.Context) ([]uuid.UUID, error) {
	rows, err := q.db.Query(ctx, `SELECT id FROM fleets ORDER BY created_at`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
}

const driverColumns = `id, fleet_id, full_name, phone_e164, employee_number, status, created_at`

func scanDriver(row pgx.Row) (domain.Driver, error) {
	var d domain.Driver
	err := row.Scan(&d.ID, &d.FleetID, &d.FullName, &d.PhoneE164, &d.EmployeeNumber, &d.Status, &d.CreatedAt)
	return d, err
}

// DriverByID loads a driver.
func (q *Queries) DriverByID(ctx context.Context, id uuid.UUID) (domain.Driver, error) {
	d, err := scanDriver(q.db.QueryRow(ctx, `SELECT `+driverColumns+` FROM drivers WHERE id = $1`, id))
	return d, notFound(err, "driver")
}

// DriversByFleet lists a fleet's drivers.
func (q *Queries) DriversByFleet(ctx context.Context, fleetID uuid.UUID) ([]domain.Driver, error) {
	rows, err := q.db.Query(ctx, `SELECT `+driverColumns+` FROM drivers WHERE fleet_id = $1 ORDER BY full_name`, fleetID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []domain.Driver
	for rows.Next() {
		d, err := scanDriver(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

// InsertDriver creates a driver.
func (q *Queries) InsertDriver(ctx context.Context, d domain.Driver) error {
	_, err := q.db.Exec(ctx, `
		INSERT INTO drivers (id, fleet_id, full_name, phone_e164, employee_number, status)
		VALUES ($1, $2, $3, $4, $5, 'active')`,
		d.ID, d.FleetID, d.FullName, d.PhoneE164, d.EmployeeNumber)
	return err
}

const cardColumns = `id, fleet_id, driver_id, network_card_id, last4, status, daily_limit_cents,
	per_txn_limit_cents, spent_today_cents, pending_cents, replaced_by, created_at, updated_at`

func scanCard(row pgx.Row) (domain.Card, error) {
	var c domain.Card
	err := row.Scan(&c.ID, &c.FleetID, &c.DriverID, &c.NetworkCardID, &c.Last4, &c.Status,
		&c.DailyLimitCents, &c.PerTxnLimitCents, &c.SpentTodayCents, &c.PendingCents,
		&c.ReplacedBy, &c.CreatedAt, &c.UpdatedAt)
	return c, err
}

// CardByID loads a card.
func (q *Queries) CardByID(ctx context.Context, id uuid.UUID) (domain.Card, error) {
	c, err := scanCard(q.db.QueryRow(ctx, `SELECT `+cardColumns+` FROM cards WHERE id = $1`, id))
	return c, notFound(err, "card")
}

// CardByNetworkID loads a card by the network's identifier.
func (q *Queries) CardByNetworkID(ctx context.Context, networkCardID string) (domain.Card, error) {
	c, err := scanCard(q.db.QueryRow(ctx, `SELECT `+cardColumns+` FROM cards WHERE network_card_id = $1`, networkCardID))
	return c, notFound(err, "card")
}

// LockCardByNetworkID loads and row-locks a card for the rest of the
// transaction.
func (q *Queries) LockCardByNetworkID(ctx context.Context, networkCardID string) (domain.Card, error) {
	c, err := scanCard(q.db.QueryRow(ctx,
		`SELECT `+cardColumns+` FROM cards WHERE network_card_id = $1 FOR UPDATE`, networkCardID))
	return c, notFound(err, "card")
}

// UpsertIssuedCard stores a card the network has issued. If the network card
// is already known the existing row is returned unchanged.
func (q *Queries) UpsertIssuedCard(ctx context.Context, c domain.Card) (domain.Card, error) {
	return scanCard(q.db.QueryRow(ctx, `
		INSERT INTO cards (id, fleet_id, driver_id, network_card_id, last4, status,
		                   daily_limit_cents, per_txn_limit_cents)
		VALUES ($1, $2, $3, $4, $5, 'issued', $6, $7)
		ON CONFLICT (network_card_id) DO UPDATE SET updated_at = cards.updated_at
		RETURNING `+cardColumns,
		c.ID, c.FleetID, c.DriverID, c.NetworkCardID, c.Last4, c.DailyLimitCents, c.PerTxnLimitCents))
}

// InsertCard creates a card row.
func (q *Queries) InsertCard(ctx context.Context, c domain.Card) error {
	_, err := q.db.Exec(ctx, `
		INSERT INTO cards (id, fleet_id, driver_id, network_card_id, last4, status,
		                   daily_limit_cents, per_txn_limit_cents)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
		c.ID, c.FleetID, c.DriverID, c.NetworkCardID, c.Last4, c.Status, c.DailyLimitCents, c.PerTxnLimitCents)
	return err
}

// ActivateCard moves an issued card to active. It reports false when the
// card was not in the issued state.
func (q *Queries) ActivateCard(ctx context.Context, id uuid.UUID) (bool, error) {
	tag, err := q.db.Exec(ctx, `
		UPDATE cards SET status = 'active', updated_at = now()
		WHERE id = $1 AND status = 'issued'`, id)
	return tag.RowsAffected() == 1, err
}

// MarkCardReplaced closes oldID and links it to its replacement.
func (q *Queries) MarkCardReplaced(ctx context.Context, oldID, newID uuid.UUID) error {
	_, err := q.db.Exec(ctx, `
		UPDATE cards SET status = 'replaced', replaced_by = $2, updated_at = now()
		WHERE id = $1`, oldID, newID)
	return err
}

// SetCardStatus sets a card's status.
func (q *Queries) SetCardStatus(ctx context.Context, id uuid.UUID, status domain.CardStatus) error {
	_, err := q.db.Exec(ctx, `UPDATE cards SET status = $2, updated_at = now() WHERE id = $1`, id, status)
	return err
}

// SetCardLimits overwrites a card's limits.
func (q *Queries) SetCardLimits(ctx context.Context, id uuid.UUID, daily, perTxn int64) (bool, error) {
	tag, err := q.db.Exec(ctx, `
		UPDATE cards SET daily_limit_cents = $2, per_txn_limit_cents = $3, updated_at = now()
		WHERE id = $1 AND status IN ('issued', 'active', 'suspended')`, id, daily, perTxn)
	return tag.RowsAffected() == 1, err
}

// AddPending reserves an approved authorization's amount on the card.
func (q *Queries) AddPending(ctx context.Context, cardID uuid.UUID, amount int64) error {
	_, err := q.db.Exec(ctx, `
		UPDATE cards SET pending_cents = pending_cents + $2,
		                 spent_today_cents = spent_today_cents + $2,
		                 updated_at = now()
		WHERE id = $1`, cardID, amount)
	return err
}

// ReleasePending moves an authorization's hold off the card once it has
// settled.
func (q *Queries) ReleasePending(ctx context.Context, cardID uuid.UUID, amount int64) error {
	_, err := q.db.Exec(ctx, `
		UPDATE cards SET pending_cents = GREATEST(pending_cents - $2, 0), updated_at = now()
		WHERE id = $1`, cardID, amount)
	return err
}

// StoredResponse returns the response saved for an Idempotency-Key, or nil.
func (q *Queries) StoredResponse(ctx context.Context, scope, key string) (*domain.StoredResponse, error) {
	var r domain.StoredResponse
	err := q.db.QueryRow(ctx, `
		SELECT status_code, response FROM idempotency_keys WHERE scope = $1 AND key = $2`,
		scope, key).Scan(&r.StatusCode, &r.Body)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &r, nil
}

// SaveResponse records the response for an Idempotency-Key. A response that
// is already stored is kept.
func (q *Queries) SaveResponse(ctx context.Context, scope, key string, status int, body any) error {
	b, err := json.Marshal(body)
	if err != nil {
		return err
	}
	_, err = q.db.Exec(ctx, `
		INSERT INTO idempotency_keys (scope, key, status_code, response)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (scope, key) DO NOTHING`, scope, key, status, b)
	return err
}
