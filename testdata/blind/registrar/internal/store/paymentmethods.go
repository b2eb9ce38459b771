package store

import (
	"context"

	sq "github.com/Masterminds/squirrel"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/tldhouse/registrar/internal/db"
	"github.com/tldhouse/registrar/internal/model"
)

type PaymentMethods struct {
	conn *db.Conn
}

func NewPaymentMethods(conn *db.Conn) *PaymentMethods { return &PaymentMethods{conn: conn} }

var pmCols = []string{"id", "account_id", "gateway_pm_id", "brand", "last4", "exp_month", "exp_year", "is_default", "created_at"}

func scanPM(row pgx.Row) (model.PaymentMethod, error) {
	var pm model.PaymentMethod
	err := row.Scan(&pm.ID, &pm.AccountID, &pm.GatewayPMID, &pm.Brand, &pm.Last4,
		&pm.ExpMonth, &pm.ExpYear, &pm.IsDefault, &pm.CreatedAt)
	return pm, err
}

// Upsert stores the card under its gateway id. A card already on file for
// the account gets its expiry and default flag updated.
func (r *PaymentMethods) Upsert(ctx context.Context, pm model.PaymentMethod) (model.PaymentMethod, error) {
	ins := db.SB.Insert("payment_methods").
		Columns("id", "account_id", "gateway_pm_id", "brand", "last4", "exp_month", "exp_year", "is_default", "created_at").
		Values(pm.ID, pm.AccountID, pm.GatewayPMID, pm.Brand, pm.Last4, pm.ExpMonth, pm.ExpYear, pm.IsDefault, pm.CreatedAt).
		Suffix("ON CONFLICT (account_id, gateway_pm_id) DO UPDATE SET exp_month = EXCLUDED.exp_month, exp_year = EXCLUDED.exp_year, is_default = EXCLUDED.is_default RETURNING " + joinCols(pmCols))
	return db.Get(ctx, r.conn.Q(ctx), ins, scanPM)
}

func (r *PaymentMethods) Get(ctx context.Context, accountID, id uuid.UUID) (model.PaymentMethod, error) {
	q := db.SB.Select(pmCols...).From("payment_methods").Where(sq.Eq{"id": id, "account_id": accountID})
	return db.Get(ctx, r.conn.Q(ctx), q, scanPM)
}

func (r *PaymentMethods) Default(ctx context.Context, accountID uuid.UUID) (model.PaymentMethod, error) {
	q := db.SB.Select(pmCols...).From("payment_methods").
		Where(sq.Eq{"account_id": accountID}).
		OrderBy("is_default DESC", "created_at DESC").Limit(1)
	return db.Get(ctx, r.conn.Q(ctx), q, scanPM)
}

func (r *PaymentMethods) ClearDefault(ctx context.Context, accountID uuid.UUID) error {
	q := db.SB.Update("payment_methods").Set("is_default", false).Where(sq.Eq{"account_id": accountID})
	_, err := db.Exec(ctx, r.conn.Q(ctx), q)
	return err
}
