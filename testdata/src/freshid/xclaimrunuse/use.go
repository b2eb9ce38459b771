// Package xclaimrunuse makes rows in work that a runner of another
// package runs.
package xclaimrunuse

import (
	"net/http"

	"freshid/xclaimrun"
	"freshid/xclaimsvc"

	"github.com/google/uuid"
	"gorm.io/gorm"
)

var orm *gorm.DB

type Transfer struct {
	ID     string
	Amount int64
}

// Negative: the runner runs the work only when its claim of the
// request's key is new, so the fresh ID is made once per key.
func transfer(w http.ResponseWriter, r *http.Request) {
	xclaimrun.Do(r.Context(), orm, "transfer", r.Header.Get("Idempotency-Key"), func(tx *gorm.DB) (string, error) {
		t := &Transfer{ID: uuid.NewString(), Amount: 10}
		return t.ID, tx.Create(t).Error
	})
}

// Positive: a runner that claims nothing.
func transferLoose(w http.ResponseWriter, r *http.Request) {
	xclaimrun.Run(r.Context(), orm, func(tx *gorm.DB) error {
		return tx.Create(&Transfer{ID: uuid.NewString(), Amount: 10}).Error // want `a retry creates a second Transfer with a new ID`
	})
}

// Negative: the service's runner claims the request's key first.
func pay(w http.ResponseWriter, r *http.Request) {
	xclaimsvc.Pay(r.Context(), r.Header.Get("Idempotency-Key"))
}

func payLoose(w http.ResponseWriter, r *http.Request) {
	xclaimsvc.PayLoose(r.Context()) // want `a retry creates a second Payout with a new ID: uuid.NewString\(\) in xclaimsvc.PayLoose\$1`
}
