package httpx

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"net/http"
)

const maxBody = 1 << 20

type errorBody struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// WriteJSON writes v with the given status.
func WriteJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// WriteError writes a JSON error envelope.
func WriteError(w http.ResponseWriter, status int, code, msg string) {
	WriteJSON(w, status, map[string]errorBody{"error": {Code: code, Message: msg}})
}

// Decode reads a JSON body into dst and returns a hash of the raw bytes for
// idempotency fingerprinting.
func Decode(r *http.Request, dst any) (string, error) {
	raw, err := io.ReadAll(io.LimitReader(r.Body, maxBody))
	if err != nil {
		return "", err
	}
	if len(raw) == 0 {
		return "", errors.New("empty body")
	}
	if err := json.Unmarshal(raw, dst); err != nil {
		return "", err
	}
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:]), nil
}
