package grpcx

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/veinline/plasmaops/internal/platform/pgstore"
)

// IdempotencyHeader is the metadata key clients use to make a mutating call
// safe to resend.
const IdempotencyHeader = "idempotency-key"

// IdempotentMethod registers a method for response replay. NewResponse
// returns an empty response value the stored JSON is decoded into.
type IdempotentMethod struct {
	FullMethod  string
	NewResponse func() any
	// Required rejects calls that arrive without a key.
	Required bool
}

// ResponseStore remembers the response produced for (method, key).
type ResponseStore interface {
	Lookup(ctx context.Context, method, key string) ([]byte, bool, error)
	Save(ctx context.Context, method, key string, response []byte) error
}

// PGResponseStore keeps responses in grpc_idempotency_keys.
type PGResponseStore struct {
	db pgstore.DBTX
}

// NewPGResponseStore returns a store on the given handle.
func NewPGResponseStore(s *pgstore.Store) *PGResponseStore {
	return &PGResponseStore{db: s.DB()}
}

// Lookup returns the remembered response, if any.
func (s *PGResponseStore) Lookup(ctx context.Context, method, key string) ([]byte, bool, error) {
	var body []byte
	err := s.db.QueryRow(ctx,
		`SELECT response FROM grpc_idempotency_keys WHERE method = $1 AND key = $2`,
		method, key).Scan(&body)
	if err == pgx.ErrNoRows {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("lookup idempotency key: %w", err)
	}
	return body, true, nil
}

// Save remembers response for (method, key). A concurrent duplicate that
// finished first wins.
func (s *PGResponseStore) Save(ctx context.Context, method, key string, response []byte) error {
	_, err := s.db.Exec(ctx,
		`INSERT INTO grpc_idempotency_keys (method, key, response, created_at)
		 VALUES ($1, $2, $3, $4)
		 ON CONFLICT (method, key) DO NOTHING`,
		method, key, response, time.Now().UTC())
	if err != nil {
		return fmt.Errorf("save idempotency key: %w", err)
	}
	return nil
}

// IdempotencyInterceptor replays the stored response when a registered
// method is called again with the same idempotency-key.
func IdempotencyInterceptor(store ResponseStore, log *slog.Logger, methods []IdempotentMethod) grpc.UnaryServerInterceptor {
	table := make(map[string]IdempotentMethod, len(methods))
	for _, m := range methods {
		table[m.FullMethod] = m
	}
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		m, ok := table[info.FullMethod]
		if !ok {
			return handler(ctx, req)
		}
		key := MetadataValue(ctx, IdempotencyHeader)
		if key == "" {
			if m.Required {
				return nil, status.Error(codes.InvalidArgument, "idempotency-key metadata is required")
			}
			return handler(ctx, req)
		}
		if len(key) > 128 {
			return nil, status.Error(codes.InvalidArgument, "idempotency-key too long")
		}

		stored, found, err := store.Lookup(ctx, info.FullMethod, key)
		if err != nil {
			return nil, status.Error(codes.Unavailable, "idempotency store unavailable")
		}
		if found {
			resp := m.NewResponse()
			if err := json.Unmarshal(stored, resp); err != nil {
				return nil, status.Error(codes.Internal, "corrupt stored response")
			}
			log.Info("replayed idempotent response", "method", info.FullMethod, "key", key)
			return resp, nil
		}

		resp, err := handler(ctx, req)
		if err != nil {
			return nil, err
		}
		body, err := json.Marshal(resp)
		if err != nil {
			return nil, status.Error(codes.Internal, "encode response")
		}
		if err := store.Save(ctx, info.FullMethod, key, body); err != nil {
			return nil, status.Error(codes.Unavailable, "idempotency store unavailable")
		}
		return resp, nil
	}
}
