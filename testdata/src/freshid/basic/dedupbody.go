package basic

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
)

// smsRequest is a gateway's request: it drops a repeat with the same
// client reference.
type smsRequest struct {
	To              string `json:"to"`
	Text            string `json:"text"`
	ClientReference string `json:"client_reference"`
	TraceID         string `json:"trace_id"`
}

func sendSMS(ctx context.Context, req smsRequest) error {
	body, _ := json.Marshal(req)
	r, _ := http.NewRequestWithContext(ctx, http.MethodPost, "https://sms.example/messages", bytes.NewReader(body))
	resp, err := http.DefaultClient.Do(r)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// A fresh client reference on every attempt.
func remind(ctx context.Context, t *asynq.Task) error {
	return sendSMS(ctx, smsRequest{To: "+1", Text: "hi", ClientReference: uuid.NewString()}) // want `a retry sends a new value as the request's client_reference field, on which its receiver drops a repeat, so the duplicate is not recognised: uuid.NewString\(\) is fresh on every attempt \(asynq handler remind\)`
}

// Negative: a fresh trace ID, which no receiver deduplicates on.
func remindTraced(ctx context.Context, t *asynq.Task) error {
	return sendSMS(ctx, smsRequest{To: "+1", Text: "hi", ClientReference: t.ResultWriter().TaskID(), TraceID: uuid.NewString()})
}

type notification struct {
	ID       string
	DedupKey string
}

// claimNotification inserts a notification keyed by dedupKey, or
// returns the stored one: the fresh ID leaves only once the insert made
// the row; a retry gets the stored row's.
func claimNotification(ctx context.Context, dedupKey string) (*notification, error) {
	n := &notification{ID: uuid.NewString(), DedupKey: dedupKey}
	res, err := db.ExecContext(ctx, "INSERT INTO notifications (id, dedup_key) VALUES ($1, $2) ON CONFLICT (dedup_key) DO NOTHING", n.ID, n.DedupKey)
	if err != nil {
		return nil, err
	}
	if rows, _ := res.RowsAffected(); rows == 1 {
		return n, nil
	}
	var stored notification
	err = db.QueryRowContext(ctx, "SELECT id, dedup_key FROM notifications WHERE dedup_key = $1", dedupKey).Scan(&stored.ID, &stored.DedupKey)
	return &stored, err
}

// Negative: the reference is the claimed notification's ID.
func remindOnce(ctx context.Context, t *asynq.Task) error {
	n, err := claimNotification(ctx, "remind:"+t.ResultWriter().TaskID())
	if err != nil {
		return err
	}
	return sendSMS(ctx, smsRequest{To: "+1", Text: "hi", ClientReference: n.ID})
}

// Negative: a log of each receipt as it came, raw payload and all, meant
// to grow by a row per delivery.
func logReceipt(w http.ResponseWriter, r *http.Request) {
	var raw json.RawMessage
	if err := json.NewDecoder(r.Body).Decode(&raw); err != nil {
		return
	}
	db.ExecContext(r.Context(), "INSERT INTO receipts (id, payload) VALUES ($1, $2)", uuid.NewString(), raw)
}

// The same row without the payload: a second receipt row for one
// delivery.
func logReceiptBare(w http.ResponseWriter, r *http.Request) {
	db.ExecContext(r.Context(), "INSERT INTO receipts (id, status) VALUES ($1, $2)", uuid.NewString(), "received") // want `a retry inserts a second receipts row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler logReceiptBare\)`
}

// mailRequest is a mail API's request: it drops a repeat with the same
// message reference.
type mailRequest struct {
	To         string `json:"to"`
	MessageRef string `json:"message_ref"`
}

func sendMail(ctx context.Context, req mailRequest) error {
	body, _ := json.Marshal(req)
	r, _ := http.NewRequestWithContext(ctx, http.MethodPost, "https://mail.example/messages", bytes.NewReader(body))
	resp, err := http.DefaultClient.Do(r)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// A fresh message reference on every attempt.
func statement(ctx context.Context, t *asynq.Task) error {
	return sendMail(ctx, mailRequest{To: "a@example.com", MessageRef: uuid.NewString()}) // want `a retry sends a new value as the request's message_ref field, on which its receiver drops a repeat, so the duplicate is not recognised: uuid.NewString\(\) is fresh on every attempt \(asynq handler statement\)`
}

// Negative: the task's ID is the reference.
func statementKeyed(ctx context.Context, t *asynq.Task) error {
	return sendMail(ctx, mailRequest{To: "a@example.com", MessageRef: t.ResultWriter().TaskID()})
}

// collectionRequest is a bank's direct debit instruction: it answers a
// repeated endToEndId (ISO 20022's) with the first.
type collectionRequest struct {
	Mandate    string `json:"mandate"`
	EndToEndID string `json:"endToEndId"`
}

func collect(ctx context.Context, req collectionRequest) error {
	body, _ := json.Marshal(req)
	r, _ := http.NewRequestWithContext(ctx, http.MethodPost, "https://bank.example/collections", bytes.NewReader(body))
	resp, err := http.DefaultClient.Do(r)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// A fresh end-to-end ID on every attempt.
func collectDue(ctx context.Context, t *asynq.Task) error {
	return collect(ctx, collectionRequest{Mandate: "m", EndToEndID: "CD" + uuid.NewString()}) // want `a retry sends a new value as the request's endToEndId field`
}

// payoutRow is a stored row, tagged for its columns, that the API also
// returns as JSON: its external_ref is a column, not a request's field.
type payoutRow struct {
	ID          string `db:"id" json:"id"`
	ExternalRef string `db:"external_ref" json:"external_ref"`
}

// Negative: the fresh reference fills a non-key column of a row whose
// identity is the task's, and goes to no request.
func recordPayout(ctx context.Context, t *asynq.Task) error {
	p := payoutRow{ID: t.ResultWriter().TaskID(), ExternalRef: uuid.NewString()}
	_, err := db.ExecContext(ctx, "INSERT INTO payouts (id, external_ref) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING", p.ID, p.ExternalRef)
	return err
}

// relayRequest is a relay's request: it drops a repeat with the same
// dedupe ID.
type relayRequest struct {
	To       string `json:"to"`
	DedupeID string `json:"dedupe_id,omitempty"`
}

func sendRelay(ctx context.Context, req relayRequest) error {
	body, _ := json.Marshal(req)
	r, _ := http.NewRequestWithContext(ctx, http.MethodPost, "https://relay.example/email", bytes.NewReader(body))
	resp, err := http.DefaultClient.Do(r)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// A fresh dedupe ID on every attempt.
func relayReceipt(ctx context.Context, t *asynq.Task) error {
	return sendRelay(ctx, relayRequest{To: "a@example.com", DedupeID: uuid.NewString()}) // want `a retry sends a new value as the request's dedupe_id field, on which its receiver drops a repeat, so the duplicate is not recognised: uuid.NewString\(\) is fresh on every attempt \(asynq handler relayReceipt\)`
}

// paymentRequest is a card processor's request: it answers a repeated
// requestReference with the first response; the reference is what the
// statement shows.
type paymentRequest struct {
	RequestReference string `json:"requestReference"`
	Reference        string `json:"reference"`
	Amount           int64  `json:"amount"`
}

func pay(ctx context.Context, req paymentRequest) error {
	body, _ := json.Marshal(req)
	r, _ := http.NewRequestWithContext(ctx, http.MethodPost, "https://pay.example/payments", bytes.NewReader(body))
	resp, err := http.DefaultClient.Do(r)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// A fresh suffix on the installment's request reference.
func payInstallment(ctx context.Context, t *asynq.Task) error {
	return pay(ctx, paymentRequest{RequestReference: "inst-" + uuid.NewString(), Reference: "inst", Amount: 100}) // want `a retry sends a new value as the request's requestReference field, on which its receiver drops a repeat, so the duplicate is not recognised: uuid.NewString\(\) is fresh on every attempt \(asynq handler payInstallment\)`
}

// Negative: the task's ID is the request's reference.
func payInstallmentKeyed(ctx context.Context, t *asynq.Task) error {
	return pay(ctx, paymentRequest{RequestReference: t.ResultWriter().TaskID(), Reference: "inst", Amount: 100})
}
