package fixes

import (
	"net/http"

	"github.com/jmoiron/sqlx"
)

var namedDB *sqlx.DB

type refundRow struct {
	RefundKey string `db:"idempotency_key"`
	Amount    int64  `db:"amount"`
}

// Named parameters bound from a struct's fields: the clause goes after
// the literal's last one, and the package's driver says PostgreSQL.
func namedRefund(w http.ResponseWriter, r *http.Request) {
	row := refundRow{RefundKey: r.Header.Get("Idempotency-Key"), Amount: 5}
	sqlx.NamedExecContext(r.Context(), namedDB, `INSERT INTO refunds (idempotency_key, amount) VALUES (:idempotency_key, :amount)`, row) // want `same idempotency_key again`
}
