// Package xclaimsuse claims a request's key through another package's
// store before it inserts an order under a fresh ID.
package xclaimsuse

import (
	"context"
	"log"
	"net/http"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"freshid/xclaims"
)

var q = xclaims.New(nil)

// Negative: the claim's error (no row on a repeat) ends the request
// before the insert, though its row is dropped.
func place(w http.ResponseWriter, r *http.Request) {
	if _, err := q.ClaimKey(r.Context(), "orders", r.Header.Get("Idempotency-Key")); err != nil {
		http.Error(w, err.Error(), http.StatusConflict)
		return
	}
	q.InsertOrder(r.Context(), uuid.NewString())
}

// Positive: the claim's error is only logged, so a repeat goes on to
// insert another order.
func placeLogged(w http.ResponseWriter, r *http.Request) {
	if _, err := q.ClaimKey(r.Context(), "orders", r.Header.Get("Idempotency-Key")); err != nil {
		log.Print(err)
	}
	q.InsertOrder(r.Context(), uuid.NewString()) // want `a retry inserts a second orders row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler placeLogged\)`
}

// Negative: the claim reads the transfer stored under the request's key
// back into t, so a repeat sends the first attempt's ID as the job's,
// whatever the claim found.
func transfer(w http.ResponseWriter, r *http.Request) {
	t := &xclaims.Transfer{ID: uuid.NewString(), RequestKey: r.Header.Get("Idempotency-Key")}
	created, err := q.ClaimTransfer(r.Context(), t)
	if err != nil {
		log.Print(err)
	}
	log.Print(created)
	client.Enqueue(asynq.NewTask("notify", nil), asynq.TaskID(t.ID))
}

// Positive: the ID read back is the one just inserted, fresh on every
// attempt.
func transferLogged(w http.ResponseWriter, r *http.Request) {
	t := &xclaims.Transfer{ID: uuid.NewString(), RequestKey: r.Header.Get("Idempotency-Key")} // want `a retry sends a new value as the job's unique ID, so the duplicate is not recognised: uuid.NewString\(\) is fresh on every attempt \(HTTP handler transferLogged\)`
	if err := q.SaveTransfer(r.Context(), t); err != nil {
		return
	}
	client.Enqueue(asynq.NewTask("notify", nil), asynq.TaskID(t.ID))
}

var client *asynq.Client

// Negative: the upsert reads the ID stored under the request's key back
// into t: a repeat sends the first attempt's.
func upsertTransfer(w http.ResponseWriter, r *http.Request) {
	t := &xclaims.Transfer{ID: uuid.NewString(), RequestKey: r.Header.Get("Idempotency-Key")}
	if err := q.UpsertTransfer(r.Context(), t); err != nil {
		return
	}
	client.Enqueue(asynq.NewTask("notify", nil), asynq.TaskID(t.ID))
}

// Negative: a claim that finds the transfer stored under the request's
// key replaces t with it, in the function literal a unit of work runs:
// a repeat sends the first attempt's ID.
func replaceTransfer(w http.ResponseWriter, r *http.Request) {
	key := r.Header.Get("Idempotency-Key")
	t := &xclaims.Transfer{ID: uuid.NewString(), RequestKey: key}
	err := inTx(r.Context(), func(ctx context.Context) error {
		claimed, err := q.InsertTransfer(ctx, t)
		if err != nil {
			return err
		}
		if !claimed {
			existing, err := q.TransferByKey(ctx, key)
			if err != nil {
				return err
			}
			t = existing
		}
		return nil
	})
	if err != nil {
		return
	}
	client.Enqueue(asynq.NewTask("notify", nil), asynq.TaskID(t.ID))
}

func inTx(ctx context.Context, fn func(ctx context.Context) error) error { return fn(ctx) }
