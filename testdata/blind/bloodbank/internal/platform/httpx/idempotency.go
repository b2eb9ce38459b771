package httpx

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"

	"github.com/jmoiron/sqlx"

	"github.com/hemolink-systems/bloodbank/internal/platform/database"
)

// IdempotencyHeader is the header hospitals send with order submissions.
const IdempotencyHeader = "Idempotency-Key"

// StoredResponse is a cached response for a previously seen key.
type StoredResponse struct {
	StatusCode int    `db:"status_code"`
	Body       []byte `db:"response_body"`
}

// ResponseStore persists responses keyed by (scope, key).
type ResponseStore interface {
	Lookup(ctx context.Context, scope, key string) (*StoredResponse, error)
	Save(ctx context.Context, scope, key string, resp StoredResponse) error
}

type pgResponseStore struct{ db *sqlx.DB }

// NewResponseStore returns a Postgres-backed ResponseStore.
func NewResponseStore(db *sqlx.DB) ResponseStore { return &pgResponseStore{db: db} }

func (s *pgResponseStore) Lookup(ctx context.Context, scope, key string) (*StoredResponse, error) {
	var out StoredResponse
	err := s.db.GetContext(ctx, &out,
		`SELECT status_code, response_body FROM idempotency_keys WHERE scope = $1 AND key = $2`, scope, key)
	if database.IsNoRows(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &out, nil
}

func (s *pgResponseStore) Save(ctx context.Context, scope, key string, resp StoredResponse) error {
	_, err := s.db.NamedExecContext(ctx, `
		INSERT INTO idempotency_keys (scope, key, status_code, response_body)
		VALUES (:scope, :key, :status_code, :response_body)
		ON CONFLICT (scope, key) DO NOTHING`,
		map[string]any{"scope": scope, "key": key, "status_code": resp.StatusCode, "response_body": resp.Body})
	return err
}

// ScopeFunc derives the replay scope for a request, typically the caller's
// client ID so that keys from different hospitals never collide.
type ScopeFunc func(r *http.Request) string

// Idempotent replays the stored response when a request repeats an
// Idempotency-Key already answered for the same scope. Requests without the
// header pass straight through.
func Idempotent(store ResponseStore, scope ScopeFunc) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			key := r.Header.Get(IdempotencyHeader)
			if key == "" {
				next.ServeHTTP(w, r)
				return
			}
			sc := scope(r)
			prev, err := store.Lookup(r.Context(), sc, key)
			if err != nil {
				Error(w, r, err)
				return
			}
			if prev != nil {
				w.Header().Set("Content-Type", "application/json")
				w.Header().Set("Idempotent-Replayed", "true")
				w.WriteHeader(prev.StatusCode)
				_, _ = w.Write(prev.Body)
				return
			}

			rec := &recorder{ResponseWriter: w, status: http.StatusOK}
			next.ServeHTTP(rec, r)
			if rec.status >= 500 {
				return
			}
			if err := store.Save(r.Context(), sc, key, StoredResponse{StatusCode: rec.status, Body: rec.buf.Bytes()}); err != nil {
				slog.WarnContext(r.Context(), "storing idempotent response", "scope", sc, "err", err)
			}
		})
	}
}

type recorder struct {
	http.ResponseWriter
	status int
	buf    bytes.Buffer
}

func (r *recorder) WriteHeader(code int) {
	r.status = code
	r.ResponseWriter.WriteHeader(code)
}

func (r *recorder) Write(b []byte) (int, error) {
	r.buf.Write(b)
	return r.ResponseWriter.Write(b)
}
