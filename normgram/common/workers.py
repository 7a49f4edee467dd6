"""Forked worker processes for batch runs (``--jobs``): one pool, one way to end it."""
import contextlib
import multiprocessing


def can_fork():
    """Can worker processes be forked here (they inherit the loaded grammars)?"""
    return "fork" in multiprocessing.get_all_start_methods()


@contextlib.contextmanager
def forked_pool(jobs, initializer=None):
    """A pool of ``jobs`` forked workers.  When the work is done the pool is closed and its
    workers leave on their own (``close`` and ``join``); only an error or an interruption
    stops them at once (``terminate``).  Terminating workers that may still hold the task
    queue's lock can leave a remaining worker and then the parent waiting for ever, so a
    finished run never ends that way."""
    pool = multiprocessing.get_context("fork").Pool(jobs, initializer=initializer)
    try:
        yield pool
    except BaseException:
        pool.terminate()
        pool.join()
        raise
    pool.close()
    pool.join()
