// Package prepared runs its statements as prepared statements.
package prepared

import (
	"context"
	"database/sql"
	"net/http"

	"github.com/google/uuid"
)

type Transaction struct {
	ID     string
	Amount int64
}

func NewTransaction(amount int64) *Transaction {
	if amount == 0 {
		return nil
	}
	return &Transaction{ID: uuid.New().String(), Amount: amount} // want `a retry inserts a second transactions row with a new id: uuid.New\(\) is fresh on every attempt \(HTTP handler CreateTransaction\)`
}

type TransactionDB struct{ DB *sql.DB }

func (t *TransactionDB) Create(tr *Transaction) error {
	stmt, err := t.DB.Prepare("INSERT INTO transactions (id, amount) VALUES (?, ?)")
	if err != nil {
		return err
	}
	defer stmt.Close()
	_, err = stmt.Exec(tr.ID, tr.Amount)
	return err
}

func (t *TransactionDB) CreateKeyed(ctx context.Context, key string, amount int64) error {
	stmt, err := t.DB.PrepareContext(ctx, "INSERT INTO transactions (id, idempotency_key, amount) VALUES (?, ?, ?) ON CONFLICT (idempotency_key) DO NOTHING")
	if err != nil {
		return err
	}
	defer stmt.Close()
	_, err = stmt.ExecContext(ctx, uuid.NewString(), key, amount)
	return err
}

var txs *TransactionDB

func CreateTransaction(w http.ResponseWriter, r *http.Request) {
	tr := NewTransaction(10)
	txs.Create(tr)
}

// Negative: the caller's key absorbs the retry.
func CreateKeyed(w http.ResponseWriter, r *http.Request) {
	txs.CreateKeyed(r.Context(), r.Header.Get("Idempotency-Key"), 10)
}

// Negative: a prepared query reads.
func Lookup(w http.ResponseWriter, r *http.Request) {
	stmt, _ := txs.DB.Prepare("SELECT amount FROM transactions WHERE id = ?")
	defer stmt.Close()
	var amount int64
	stmt.QueryRow(uuid.NewString()).Scan(&amount)
}
