// Package xclock makes references and stamps from the clock.
package xclock

import (
	"strconv"
	"time"
)

// Ref builds a message's client reference from the time it is made:
// another on every call.
func Ref(kind, subject string) string {
	return kind + "-" + subject + "-" + strconv.FormatInt(time.Now().UnixNano(), 36)
}

// Stamp is the time, in seconds.
func Stamp() int64 { return time.Now().Unix() }
