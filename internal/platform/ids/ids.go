// Package ids makes record ids: 24-character lowercase hex ids for top-level records
// (time-ordered, like a MongoDB ObjectId) and 36-character UUIDs for sub-records.
package ids

import (
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"sync/atomic"
	"time"

	"github.com/google/uuid"
)

var (
	processRandom [5]byte
	counter       atomic.Uint32
)

func init() {
	if _, err := rand.Read(processRandom[:]); err != nil {
		panic(err)
	}
	var c [4]byte
	if _, err := rand.Read(c[:]); err != nil {
		panic(err)
	}
	counter.Store(binary.BigEndian.Uint32(c[:]))
}

// New returns a 24-character id: 4 bytes of Unix seconds, 5 random bytes fixed per
// process and a 3-byte counter, so ids sort by creation time and never repeat in a process.
func New() string {
	var b [12]byte
	binary.BigEndian.PutUint32(b[0:4], uint32(time.Now().Unix()))
	copy(b[4:9], processRandom[:])
	c := counter.Add(1)
	b[9], b[10], b[11] = byte(c>>16), byte(c>>8), byte(c)
	return hex.EncodeToString(b[:])
}

// NewSub returns a 36-character time-ordered UUID (version 7) for sub-records.
func NewSub() string {
	return uuid.Must(uuid.NewV7()).String()
}
