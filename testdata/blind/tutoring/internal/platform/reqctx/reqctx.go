// Package reqctx carries request-scoped values (caller identity, request
// IDs, idempotency keys) through context.Context.
package reqctx

import (
	"context"

	"github.com/google/uuid"
)

type ctxKey int

const (
	keyRequestID ctxKey = iota
	keyIdempotency
	keyStudent
	keyTutor
	keyMetadata
)

// WithRequestID stores a request correlation ID.
func WithRequestID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, keyRequestID, id)
}

// RequestID returns the correlation ID or "".
func RequestID(ctx context.Context) string {
	v, _ := ctx.Value(keyRequestID).(string)
	return v
}

// WithIdempotencyKey stores the caller supplied idempotency key.
func WithIdempotencyKey(ctx context.Context, key string) context.Context {
	return context.WithValue(ctx, keyIdempotency, key)
}

// IdempotencyKey returns the caller supplied idempotency key or "".
func IdempotencyKey(ctx context.Context) string {
	v, _ := ctx.Value(keyIdempotency).(string)
	return v
}

// WithStudent stores the authenticated student.
func WithStudent(ctx context.Context, id uuid.UUID) context.Context {
	return context.WithValue(ctx, keyStudent, id)
}

// Student returns the authenticated student, if any.
func Student(ctx context.Context) (uuid.UUID, bool) {
	v, ok := ctx.Value(keyStudent).(uuid.UUID)
	return v, ok
}

// WithTutor stores the authenticated tutor.
func WithTutor(ctx context.Context, id uuid.UUID) context.Context {
	return context.WithValue(ctx, keyTutor, id)
}

// Tutor returns the authenticated tutor, if any.
func Tutor(ctx context.Context) (uuid.UUID, bool) {
	v, ok := ctx.Value(keyTutor).(uuid.UUID)
	return v, ok
}

// WithMetadata stores a flattened copy of incoming transport metadata.
func WithMetadata(ctx context.Context, md map[string]string) context.Context {
	return context.WithValue(ctx, keyMetadata, md)
}

// Metadata returns a single metadata value.
func Metadata(ctx context.Context, name string) string {
	md, _ := ctx.Value(keyMetadata).(map[string]string)
	return md[name]
}
