// Package ids centralises identifier formats so they look the same across
// services: prefixed KSUIDs for most entities and human-friendly
// references for logs and support tickets.
package ids

import (
	"fmt"
	"strings"
	"time"

	"github.com/segmentio/ksuid"
)

// New returns a prefixed, time-sortable identifier such as "cus_2K9...".
func New(prefix string) string {
	return prefix + "_" + ksuid.New().String()
}

// TraceRef is a short reference printed in logs and error responses so a
// support engineer can find a request. It is never persisted.
func TraceRef() string {
	return fmt.Sprintf("req-%s-%s", time.Now().UTC().Format("150405"), strings.ToLower(ksuid.New().String()[:8]))
}

// Derived builds a deterministic identifier from stable parts, for rows
// whose identity is a natural key (e.g. one invoice per subscription period).
func Derived(prefix string, parts ...string) string {
	return prefix + "_" + strings.Join(parts, "_")
}
