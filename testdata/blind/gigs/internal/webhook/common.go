// Package webhook receives provider callbacks over plain net/http.
package webhook

import (
	"context"
	"io"
	"log/slog"
	"net/http"
)

const maxBody = 1 << 20

// readBody reads the raw request body, which signatures are computed over.
func readBody(w http.ResponseWriter, r *http.Request) ([]byte, bool) {
	if r.Method != http.MethodPost {
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return nil, false
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		http.Error(w, "unreadable body", http.StatusBadRequest)
		return nil, false
	}
	return body, true
}

// fail answers 500 so the provider redelivers, and logs why.
func fail(ctx context.Context, w http.ResponseWriter, log *slog.Logger, msg string, err error) {
	log.ErrorContext(ctx, msg, "err", err)
	http.Error(w, "temporary failure", http.StatusInternalServerError)
}

// ProcessedEvents remembers which provider events were handled.
type ProcessedEvents interface {
	Seen(ctx context.Context, provider, eventID string) (bool, error)
	Record(ctx context.Context, provider, eventID, eventType string) error
}
