// Package ids makes the prefixed identifiers used in logs, provider
// references and message keys.
package ids

import (
	"strings"

	"github.com/google/uuid"
)

// New returns a random identifier such as "rem_3f0c9d1e6a7b4c2d8e9f0a1b2c3d4e5f".
func New(prefix string) string {
	return prefix + "_" + strings.ReplaceAll(uuid.NewString(), "-", "")
}

// Scoped joins the parts of a reference that must be the same every time
// it is built from the same inputs.
func Scoped(prefix string, parts ...string) string {
	return prefix + ":" + strings.Join(parts, ":")
}
