package a

import (
	"context"

	"github.com/hibiken/asynq"
)

// An account, and the directory that looks accounts up and stores them.
type account struct {
	ID    string
	Email string
}

type directory interface {
	ByEmail(ctx context.Context, email string) (*account, error)
	Create(ctx context.Context, a *account) error
}

var accounts directory

// The account is looked up by its e-mail before it is stored: a retry
// after the store leaves at the lookup, so the writes after it do not
// run again, and the operation stays half done.
func signUp(ctx context.Context, t *asynq.Task) error {
	a := account{ID: "a1", Email: string(t.Payload())}
	if existing, err := accounts.ByEmail(ctx, a.Email); err == nil && existing != nil {
		return nil
	}
	if err := accounts.Create(ctx, &a); err != nil {
		return err
	}
	if _, err := pool.Exec(ctx, "INSERT INTO profiles (account_id) VALUES ($1)", a.ID); err != nil { // want `the check of stored state before them stops the retry that would finish it: 2 writes commit separately; run them in one transaction`
		return err
	}
	_, err := pool.Exec(ctx, "INSERT INTO welcome_credits (account_id, amount) VALUES ($1, 5)", a.ID)
	return err
}

// A write between the lookup and the store is repeated by the retry
// that a failure of the store brings.
func signUpLate(ctx context.Context, t *asynq.Task) error {
	a := account{ID: "a1", Email: string(t.Payload())}
	if existing, err := accounts.ByEmail(ctx, a.Email); err == nil && existing != nil {
		return nil
	}
	if _, err := pool.Exec(ctx, "INSERT INTO signups (email) VALUES ($1)", a.Email); err != nil { // want `a retry repeats the done part: 2 writes commit separately and the INSERT into signups`
		return err
	}
	if err := accounts.Create(ctx, &a); err != nil {
		return err
	}
	_, err := pool.Exec(ctx, "INSERT INTO profiles (account_id) VALUES ($1)", a.ID)
	return err
}
