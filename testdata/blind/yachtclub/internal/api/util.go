package api

import (
	"encoding/json"
	"time"

	"github.com/tidewater-yc/clubhouse/internal/platform/httpx"
)

func marshal(v any) ([]byte, error) { return json.Marshal(v) }

func parseDate(field, s string) (time.Time, error) {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return time.Time{}, httpx.Invalid("%s must be YYYY-MM-DD", field)
	}
	return t, nil
}

func required(pairs ...string) error {
	for i := 0; i+1 < len(pairs); i += 2 {
		if pairs[i+1] == "" {
			return httpx.Invalid("%s is required", pairs[i])
		}
	}
	return nil
}
