// Package worker runs the shop's background jobs: asynq handlers and the
// payout sync, which retries the bank call with exponential backoff.
package worker

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"log"
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
)

// Worker holds the dependencies of the job handlers.
type Worker struct {
	DB     *sql.DB
	Client *http.Client
	// MailURL is the mail provider's send endpoint.
	MailURL string
}

// Register registers the handlers on an asynq mux.
func (w *Worker) Register(mux *asynq.ServeMux) {
	mux.HandleFunc("receipt:send", w.SendReceipt)
	mux.HandleFunc("receipt:send:v2", w.SendReceiptOnce)
	mux.HandleFunc("receipt:mail", w.MailReceipt)
}

// SendReceipt records a receipt under a fresh id. asynq retries a failed
// task, and every attempt records another receipt.
func (w *Worker) SendReceipt(ctx context.Context, t *asynq.Task) error {
	orderID := string(t.Payload())
	receiptID := uuid.New() // finding: IDEM001 fix: t.ResultWriter().TaskID()
	_, err := w.DB.ExecContext(ctx,
		"INSERT INTO receipts (id, order_id, sent_at) VALUES ($1, $2, $3)",
		receiptID, orderID, time.Now())
	return err
}

// SendReceiptOnce derives the receipt id from the asynq task ID, which is
// the same on every attempt of the task.
func (w *Worker) SendReceiptOnce(ctx context.Context, t *asynq.Task) error {
	orderID := string(t.Payload())
	taskID := t.ResultWriter().TaskID()
	receiptID := uuid.NewSHA1(uuid.NameSpaceOID, []byte(taskID+"|receipts")) // safe: derived from the asynq task ID
	attempt := uuid.NewString()                                              // safe: only logged
	log.Printf("attempt %s: receipt %s for order %s", attempt, receiptID, orderID)
	_, err := w.DB.ExecContext(ctx, // finding: IDEM005
		"INSERT INTO receipts (id, order_id, sent_at) VALUES ($1, $2, $3)",
		receiptID, orderID, time.Now())
	return err
}

// MailReceipt asks the mail provider to send the receipt with a fresh
// Idempotency-Key, so the provider cannot recognise a retried attempt.
func (w *Worker) MailReceipt(ctx context.Context, t *asynq.Task) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, w.MailURL, bytes.NewReader(t.Payload()))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Idempotency-Key", uuid.NewString()) // finding: IDEM001 fix: t.ResultWriter().TaskID()
	resp, err := w.Client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("mail provider: %s", resp.Status)
	}
	return nil
}
