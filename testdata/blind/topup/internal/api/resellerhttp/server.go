// Package resellerhttp is the REST part of the reseller gateway, on plain
// net/http.
package resellerhttp

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strings"

	"github.com/google/uuid"

	"github.com/example/topup/internal/domain"
	"github.com/example/topup/internal/reseller"
	"github.com/example/topup/internal/store/sqlxstore"
)

type WalletOps interface {
	IssueVouchers(ctx context.Context, cmd reseller.IssueVouchersCommand) (*reseller.VoucherLot, error)
	DirectTopUp(ctx context.Context, cmd reseller.DirectTopUpCommand) (*reseller.DirectTopUpResult, error)
}

type Authenticator interface {
	ByAPIKeyHash(ctx context.Context, q sqlxstore.Queryer, sha string) (*domain.Reseller, error)
}

type IdempotencyStore interface {
	Lookup(ctx context.Context, q sqlxstore.Queryer, resellerID uuid.UUID, key string) (*domain.IdempotencyRecord, error)
	Store(ctx context.Context, q sqlxstore.Queryer, rec domain.IdempotencyRecord) error
}

type Server struct {
	db      sqlxstore.Queryer
	wallets WalletOps
	auth    Authenticator
	idem    IdempotencyStore
	log     *slog.Logger
}

func New(db sqlxstore.Queryer, wallets WalletOps, auth Authenticator, idem IdempotencyStore, log *slog.Logger) *Server {
	return &Server{db: db, wallets: wallets, auth: auth, idem: idem, log: log.With("api", "reseller-http")}
}

type ctxKey struct{}

func ResellerFrom(ctx context.Context) (uuid.UUID, bool) {
	id, ok := ctx.Value(ctxKey{}).(uuid.UUID)
	return id, ok
}

func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /reseller/v1/vouchers", s.issueVouchers)
	mux.HandleFunc("POST /reseller/v1/topups", s.directTopUp)
	mux.HandleFunc("GET /reseller/v1/ping", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
	})
	return s.authenticate(mux)
}

func (s *Server) authenticate(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		if !ok || key == "" {
			writeError(w, http.StatusUnauthorized, "missing api key")
			return
		}
		sum := sha256.Sum256([]byte(key))
		res, err := s.auth.ByAPIKeyHash(r.Context(), s.db, hex.EncodeToString(sum[:]))
		if err != nil {
			writeError(w, http.StatusUnauthorized, "invalid api key")
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), ctxKey{}, res.ID)))
	})
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, code int, msg string) {
	writeJSON(w, code, map[string]string{"error": msg})
}

func statusFor(err error) int {
	switch {
	case errors.Is(err, domain.ErrValidation):
		return http.StatusUnprocessableEntity
	case errors.Is(err, domain.ErrNotFound):
		return http.StatusNotFound
	case errors.Is(err, domain.ErrInsufficient):
		return http.StatusPaymentRequired
	case errors.Is(err, domain.ErrInvalidState), errors.Is(err, domain.ErrConflict):
		return http.StatusConflict
	default:
		return http.StatusBadGateway
	}
}
